// A conversation's page as its tests open it: the summary and the thread already loaded, the toasts
// shown, and a stand-in for the server whose reads answer with the conversation as it is now and
// whose writes (an offer's step, a hold, a sale, a pickup) the test answers.
import { vi } from 'vitest';
import type { ConversationMessage, ConversationSummary, CurrentUser } from '../../../src/domain';
import { Toaster } from '../../../src/web/components/ui/toaster';
import { ConversationPage } from '../../../src/web/features/messages/pages/conversation-page';
import { conversationQueryKeys } from '../../../src/web/shared/messages/conversation-queries';
import { threadOf } from '../../../src/web/shared/messages/thread-cache';
import { type SentRequest, renderPage } from './fixtures';

type Answer = unknown;

/**
 * Stands in for the server of a conversation's page. `answer` answers the writes (and any read it
 * knows): a Response as it is, else its JSON (201 to a POST), or undefined to leave the request to the
 * page's usual reads, which `conversation` answers as the conversation is at that moment.
 */
export function stubConversationServer({ conversation, answer = () => undefined }: { conversation: () => ConversationSummary; answer?: (request: SentRequest) => Answer | Promise<Answer> }) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), window.location.href).pathname;
      const request = { method: init.method ?? 'GET', path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      sent.push(request);
      const answered = await answer(request);
      if (answered instanceof Response) return answered;
      if (answered !== undefined) return Response.json(answered, { status: request.method === 'POST' ? 201 : 200 });
      const summary = conversation();
      if (path.endsWith('/read')) return new Response(null, { status: 204 });
      if (path === '/api/conversations/unread-count') return Response.json({ count: 0 });
      if (path === '/api/conversations') return Response.json([summary]);
      if (path === `/api/conversations/${summary.id}`) return Response.json(summary);
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return {
    sent,
    /** What the page asked the server to change (not the read mark). */
    writes: () => sent.filter((request) => request.method !== 'GET' && !request.path.endsWith('/read')),
    /** How many times the page asked for the conversation's summary. */
    summaryReads: () => sent.filter((request) => request.method === 'GET' && request.path === `/api/conversations/${conversation().id}`).length,
  };
}

/** The conversation's page as `viewer` opens it, with the summary and thread loaded and the toasts shown. */
export function renderConversationPage({ summary, messages, viewer }: { summary: ConversationSummary; messages: ConversationMessage[]; viewer: CurrentUser }) {
  return renderPage(
    <>
      <ConversationPage id={summary.id} user={viewer} />
      <Toaster />
    </>,
    {
      signedIn: true,
      data: [
        [conversationQueryKeys.conversation(summary.id), summary],
        [conversationQueryKeys.thread(summary.id), threadOf(messages)],
      ],
    },
  );
}
