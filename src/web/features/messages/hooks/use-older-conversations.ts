// The inbox past its first page: older conversations load a page at a time on request. The first
// page stays live (messages move conversations to its top); the older ones are kept as loaded, and
// whatever the first page shows again is not repeated below it.
import { useState } from 'react';
import { type ConversationSummary, conversationLimits, inboxCursorOf } from '../../../../domain';
import { callApi } from '@/lib/api-client';

export type OlderConversations = {
  /** The conversations to show after the first page, newest first. */
  older: ConversationSummary[];
  /** There may be more than what is shown: the last page was full. */
  hasMore: boolean;
  isLoading: boolean;
  failed: boolean;
  loadMore: () => void;
};

const newestFirst = (a: ConversationSummary, b: ConversationSummary) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id);

export function useOlderConversations(firstPage: readonly ConversationSummary[] | undefined): OlderConversations {
  // The first page as it was when older pages were first asked for, then each page after it: a
  // conversation pushed off the live first page since then still shows among the older ones.
  const [pages, setPages] = useState<ConversationSummary[][]>([]);
  const [isLoading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const lastPage = pages.at(-1) ?? firstPage ?? [];
  const hasMore = lastPage.length === conversationLimits.inboxPageSize;
  const shownFirst = new Set((firstPage ?? []).map((conversation) => conversation.id));
  const older = pages
    .flat()
    .filter((conversation, index, all) => !shownFirst.has(conversation.id) && all.findIndex((other) => other.id === conversation.id) === index)
    .sort(newestFirst);

  const loadMore = () => {
    const last = lastPage.at(-1);
    if (!last || isLoading) return;
    setLoading(true);
    setFailed(false);
    callApi('listConversations', { query: { before: inboxCursorOf(last) } })
      .then((page) => setPages((loaded) => [...(loaded.length === 0 && firstPage ? [[...firstPage]] : loaded), page]))
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  };

  return { older, hasMore, isLoading, failed, loadMore };
}
