// One event stream per signed-in tab (decision 15), opened by the app shell. An EventSource cannot
// send the bearer token, so the tab first asks for a ticket that lasts a minute. A ticket opens one
// stream (decision 27), so EventSource's own reconnection (with the spent ticket) is never used:
// whenever a stream drops or is refused, this opens a new one with a fresh ticket, waiting longer
// after each failure (a refusal, such as too many streams from this network, cannot be told apart
// from the browser, so it waits as any failure does). A stream the server replaced with a newer tab
// of the member stays closed until this tab is looked at again: reopening at once would replace
// another tab's, and that one another's. A new stream cannot say what it last saw, and read marks
// are never replayed, so whenever a stream is back the lists and open threads ask again.
// The app shell loads this module once a member is signed in (visitors never download it).
import type { QueryClient } from '@tanstack/react-query';
import { endpointPath, memberEventTypes, replacedStreamEvent } from '../../../domain';
import { ApiError, callApi } from '@/lib/api-client';
import { applyMemberEvent, parseMemberEvent } from './member-events';
import { refreshAllConversations } from './conversation-queries';

const firstRetryMs = 1_000;
const longestRetryMs = 30_000;

type StreamOptions = { queryClient: QueryClient; viewerId: string };

/** Opens the stream and keeps it open until the returned function is called. */
export function openMemberEventStream({ queryClient, viewerId }: StreamOptions): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;
  /** Replaced by a newer tab: waiting for this one to be shown again. */
  let waitingToBeSeen = false;

  const closeSource = () => {
    source?.close();
    source = null;
  };

  const scheduleReopen = () => {
    if (stopped) return;
    const delay = Math.min(firstRetryMs * 2 ** failures, longestRetryMs);
    failures += 1;
    retryTimer = setTimeout(() => void open(), delay);
  };

  const reopenOnceSeen = () => {
    if (stopped || !waitingToBeSeen || document.visibilityState !== 'visible') return;
    waitingToBeSeen = false;
    void open();
  };

  const open = async () => {
    let ticket: string;
    try {
      ({ ticket } = await callApi('issueEventTicket'));
    } catch (error) {
      // Signed out (here or elsewhere): nothing to listen for; the app signs the page out itself.
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return;
      scheduleReopen();
      return;
    }
    if (stopped) return;
    const stream = new EventSource(endpointPath('streamEvents', undefined, { ticket }));
    source = stream;
    stream.addEventListener('ready', () => {
      failures = 0;
      // What happened before the stream was listening (between the page's first reads and now, or
      // while it was away): the lists, the badge and the open thread ask again, once it listens.
      void refreshAllConversations(queryClient);
    });
    for (const type of memberEventTypes) {
      stream.addEventListener(type, (event) => {
        const memberEvent = parseMemberEvent(type, (event as MessageEvent<string>).data);
        if (memberEvent) applyMemberEvent(queryClient, memberEvent, viewerId);
      });
    }
    stream.addEventListener(replacedStreamEvent, () => {
      if (source !== stream) return;
      closeSource();
      waitingToBeSeen = true;
    });
    stream.addEventListener('error', () => {
      if (source !== stream) return;
      // Dropped or refused: EventSource would retry with the spent ticket, so a new ticket, a new stream.
      closeSource();
      scheduleReopen();
    });
  };

  document.addEventListener('visibilitychange', reopenOnceSeen);
  void open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    document.removeEventListener('visibilitychange', reopenOnceSeen);
    closeSource();
  };
}
