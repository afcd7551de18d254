// The tab's event stream (decision 15): opened with a ticket, its events applied to the cache; a
// stream the server refuses (its ticket ran out) is opened again with a fresh ticket, and once it is
// back the lists ask again; closing it stops everything.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '../../src/domain';
import { createQueryClient } from '../../src/web/lib/query-client';
import { conversationQueryKeys } from '../../src/web/shared/messages/conversation-queries';
import { openMemberEventStream } from '../../src/web/shared/messages/member-event-stream';
import { type ThreadData, threadMessages, threadOf } from '../../src/web/shared/messages/thread-cache';

/** Stands in for the browser's EventSource: the test makes it receive events and fail. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, ((event: { data: string }) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: { data: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  receive(type: string, data: unknown): void {
    if (type === 'ready') this.readyState = FakeEventSource.OPEN;
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }

  /** The server refused it (EventSource gives up) or the connection dropped (it retries by itself). */
  fail({ refused }: { refused: boolean }): void {
    this.readyState = refused ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    for (const listener of this.listeners.get('error') ?? []) listener({ data: '' });
  }
}

function stubTickets() {
  let issued = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      issued += 1;
      return Response.json({ ticket: `ticket-${issued}`, expiresAt: new Date().toISOString() });
    }),
  );
  return { issued: () => issued };
}

const message: ConversationMessage = { id: '5', conversationId: 'conversation-1', senderId: 'seller-1', body: 'Still here', createdAt: '2026-03-05T09:00:00Z', safetyTip: null, isRead: true };

afterEach(() => {
  FakeEventSource.opened = [];
  vi.useRealTimers();
});

describe('the event stream', () => {
  it('opens with a ticket and applies its events', async () => {
    stubTickets();
    const queryClient = createQueryClient();
    queryClient.setQueryData<ThreadData>(conversationQueryKeys.thread('conversation-1'), threadOf([]));
    const close = openMemberEventStream({ queryClient, viewerId: 'buyer-1' });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [stream] = FakeEventSource.opened;
    expect(stream.url).toBe('/api/events?ticket=ticket-1');

    stream.receive('ready', { memberId: 'buyer-1' });
    stream.receive('message', { type: 'message', message });
    expect(threadMessages(queryClient.getQueryData(conversationQueryKeys.thread('conversation-1')))).toEqual([message]);
    close();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('leaves a dropped connection to EventSource’s own retry, and reopens a refused one with a fresh ticket', async () => {
    vi.useFakeTimers();
    const tickets = stubTickets();
    const queryClient = createQueryClient();
    queryClient.setQueryData(conversationQueryKeys.inbox, []);
    const close = openMemberEventStream({ queryClient, viewerId: 'buyer-1' });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    // Listening at last: what came before it (since the page's first reads) is asked for again.
    FakeEventSource.opened[0].receive('ready', {});
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(true);
    queryClient.setQueryData(conversationQueryKeys.inbox, []);

    FakeEventSource.opened[0].fail({ refused: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);

    FakeEventSource.opened[0].fail({ refused: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tickets.issued()).toBe(2);
    expect(FakeEventSource.opened.map((stream) => stream.url)).toEqual(['/api/events?ticket=ticket-1', '/api/events?ticket=ticket-2']);

    // Back: what it missed is asked for again.
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(false);
    FakeEventSource.opened[1].receive('ready', {});
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(true);

    close();
    FakeEventSource.opened[1].fail({ refused: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
