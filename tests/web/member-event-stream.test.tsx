// The tab's event stream (decisions 15 and 27): opened with a ticket, its events applied to the
// cache; a stream that drops or is refused is opened again with a fresh ticket (a ticket opens one
// stream), waiting longer after each failure, and once it is back the lists ask again; a stream the
// server replaced with a newer tab waits until the tab is shown again; closing it stops everything.
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

const message: ConversationMessage = { id: '5', conversationId: 'conversation-1', senderId: 'seller-1', body: 'Still here', createdAt: '2026-03-05T09:00:00Z', safetyTip: null, isRead: true, offer: null };

afterEach(() => {
  FakeEventSource.opened = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
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

  it('reopens a dropped or refused stream with a fresh ticket, never the spent one, and asks for what it missed once back', async () => {
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

    // Dropped: EventSource would retry with the spent ticket; the tab closes it and takes a new one.
    FakeEventSource.opened[0].fail({ refused: false });
    expect(FakeEventSource.opened[0].readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tickets.issued()).toBe(2);
    expect(FakeEventSource.opened.map((stream) => stream.url)).toEqual(['/api/events?ticket=ticket-1', '/api/events?ticket=ticket-2']);

    // Back: what it missed is asked for again.
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(false);
    FakeEventSource.opened[1].receive('ready', {});
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(true);

    FakeEventSource.opened[1].fail({ refused: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.opened.map((stream) => stream.url).at(-1)).toBe('/api/events?ticket=ticket-3');

    close();
    FakeEventSource.opened[2].fail({ refused: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('waits longer after each refusal (too many streams from this network), a 30-second pace at most', async () => {
    vi.useFakeTimers();
    const tickets = stubTickets();
    const close = openMemberEventStream({ queryClient: createQueryClient(), viewerId: 'buyer-1' });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const opensAt: number[] = [];
    const startedAt = Date.now();
    // Every stream is refused for ten minutes.
    while (Date.now() - startedAt < 600_000) {
      const count = FakeEventSource.opened.length;
      FakeEventSource.opened[count - 1].fail({ refused: true });
      while (FakeEventSource.opened.length === count) await vi.advanceTimersByTimeAsync(100);
      opensAt.push(Date.now() - startedAt);
    }
    const gaps = opensAt.map((at, index) => at - (opensAt[index - 1] ?? 0));
    expect(gaps.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(Math.max(...gaps)).toBe(30_000);
    // Ten minutes of refusals cost about twenty-five tickets, not hundreds.
    expect(tickets.issued()).toBeLessThan(30);
    close();
  });

  it('stays closed once replaced by a newer tab of the member, until this tab is shown again', async () => {
    vi.useFakeTimers();
    let visibility: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const tickets = stubTickets();
    const queryClient = createQueryClient();
    queryClient.setQueryData(conversationQueryKeys.inbox, []);
    const close = openMemberEventStream({ queryClient, viewerId: 'buyer-1' });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0].receive('ready', {});

    FakeEventSource.opened[0].receive('replaced', {});
    expect(FakeEventSource.opened[0].readyState).toBe(FakeEventSource.CLOSED);
    // The server's end of the replaced stream comes after: it is not a failure to retry.
    FakeEventSource.opened[0].fail({ refused: false });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(tickets.issued()).toBe(1);

    // Another tab comes to the front: this one stays hidden and quiet.
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.opened).toHaveLength(1);

    // Shown again: a fresh ticket, a new stream, and the lists ask for what it missed.
    queryClient.setQueryData(conversationQueryKeys.inbox, []);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(FakeEventSource.opened[1].url).toBe('/api/events?ticket=ticket-2');
    FakeEventSource.opened[1].receive('ready', {});
    expect(queryClient.getQueryState(conversationQueryKeys.inbox)?.isInvalidated).toBe(true);

    // Shown again while its stream is open: nothing more is opened.
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    close();
  });
});
