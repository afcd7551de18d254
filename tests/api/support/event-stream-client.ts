// A small Server-Sent Events client for the tests: opens GET /api/events over real HTTP (fetch,
// streaming), parses the events as they arrive, and waits for the ones a test expects.

export type StreamEvent = { id?: string; event: string; data: any; receivedAt: number };

export type OpenedStream = {
  status: number;
  headers: Headers;
  /** Every event so far, in the order it came. */
  events: StreamEvent[];
  /** The first event (from `from` on) that matches, waited for up to `timeoutMs`. */
  waitFor: (matches: (event: StreamEvent) => boolean, options?: { timeoutMs?: number; from?: number }) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream (or it breaks), with the time it ended. */
  ended: Promise<number>;
  hasEnded: () => boolean;
  close: () => void;
};

export type RefusedStream = { status: number; headers: Headers; body: any };

/** Parses one event block (the lines between blank lines); null for a comment (a heartbeat). */
function parseBlock(block: string): Omit<StreamEvent, 'receivedAt'> | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  let hasField = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    hasField = true;
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (!hasField || data.length === 0) return null;
  const text = data.join('\n');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { id, event, data: parsed };
}

/**
 * Opens an event stream. An answer that is not a stream (a 401, a 406) is read whole and returned
 * as `refused`.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<{ stream: OpenedStream; refused?: undefined } | { refused: RefusedStream; stream?: undefined }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { refused: { status: response.status, headers: response.headers, body } };
  }

  const events: StreamEvent[] = [];
  let waiters: (() => void)[] = [];
  const wake = () => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };
  let ended = false;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const endedAt = (async () => {
    let pending = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let boundary = pending.indexOf('\n\n');
        while (boundary !== -1) {
          const parsed = parseBlock(pending.slice(0, boundary));
          pending = pending.slice(boundary + 2);
          if (parsed) events.push({ ...parsed, receivedAt: Date.now() });
          boundary = pending.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by close(), or the connection broke
    }
    ended = true;
    wake();
    return Date.now();
  })();

  const waitFor: OpenedStream['waitFor'] = async (matches, options = {}) => {
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    let checked = options.from ?? 0;
    for (;;) {
      for (; checked < events.length; checked += 1) if (matches(events[checked])) return events[checked];
      if (ended) throw new Error(`The stream ended before the event came; it had: ${JSON.stringify(events.map((event) => [event.event, event.id]))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No such event within ${options.timeoutMs ?? 5_000} ms; the stream had: ${JSON.stringify(events.map((event) => [event.event, event.id]))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    stream: {
      status: response.status,
      headers: response.headers,
      events,
      waitFor,
      ended: endedAt,
      hasEnded: () => ended,
      close: () => controller.abort(),
    },
  };
}

/** Opens a stream the test expects to be served; throws with the answer when it is refused. */
export async function expectEventStream(url: string, headers: Record<string, string> = {}): Promise<OpenedStream> {
  const opened = await openEventStream(url, headers);
  if (opened.refused) throw new Error(`Expected an event stream, got ${opened.refused.status} ${JSON.stringify(opened.refused.body)}`);
  return opened.stream;
}
