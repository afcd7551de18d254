// One event stream per signed-in tab (decision 15), opened by the app shell. An EventSource cannot
// send the bearer token, so the tab first asks for a ticket that lasts a minute. A dropped stream
// reconnects by itself with Last-Event-ID (and is sent what it missed) while its ticket lasts; once
// the server refuses the old ticket, this opens a new stream with a fresh one, waiting longer after
// each failure. A new stream cannot say what it last saw (EventSource sets no headers of ours), and
// read marks are never replayed, so whenever a stream is back the lists and open threads ask again.
// The app shell loads this module once a member is signed in (visitors never download it).
import type { QueryClient } from '@tanstack/react-query';
import { endpointPath, memberEventTypes } from '../../../domain';
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

  const scheduleReopen = () => {
    if (stopped) return;
    const delay = Math.min(firstRetryMs * 2 ** failures, longestRetryMs);
    failures += 1;
    retryTimer = setTimeout(() => void open(), delay);
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
    stream.addEventListener('error', () => {
      // A dropped connection: EventSource retries by itself, with Last-Event-ID, while its ticket lasts.
      if (stream.readyState !== EventSource.CLOSED) return;
      // Refused (the ticket has run out): a new ticket, a new stream.
      stream.close();
      if (source === stream) source = null;
      scheduleReopen();
    });
  };

  void open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}
