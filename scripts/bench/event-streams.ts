// Event streams as a signed-in tab opens them: a ticket (POST /api/events/ticket with the bearer
// token), then GET /api/events?ticket= held open, its Server-Sent Events parsed as they arrive.
import http from 'node:http';

export type StreamEvent = { event: string; id?: string; data: unknown };

export type OpenStream = {
  /** Resolves at the stream's "ready" event. */
  ready: Promise<void>;
  close: () => void;
  readonly closed: boolean;
};

/** One connection per stream, as one browser tab each; no pooling. */
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

async function issueTicket(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { ticket?: string };
  if (!response.ok || !body.ticket) throw new Error(`POST /api/events/ticket answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.ticket;
}

/** Parses one SSE block ("event: x\nid: y\ndata: z"). Comments (heartbeats) give null. */
function parseBlock(block: string): StreamEvent | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  const text = data.join('\n');
  try {
    return { event, id, data: JSON.parse(text) as unknown };
  } catch {
    return { event, id, data: text };
  }
}

export async function openEventStream(baseUrl: string, token: string, onEvent: (event: StreamEvent, arrivedAt: number) => void): Promise<OpenStream> {
  const ticket = await issueTicket(baseUrl, token);
  const url = new URL(`/api/events?ticket=${encodeURIComponent(ticket)}`, baseUrl);
  let closed = false;
  let request: http.ClientRequest | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const arrivedAt = performance.now();
        buffer += chunk.replace(/\r\n/g, '\n');
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const parsed = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) {
            if (parsed.event === 'ready') resolve();
            onEvent(parsed, arrivedAt);
          }
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('close', () => {
        closed = true;
        reject(new Error('the stream closed before it was ready'));
      });
    });
    request.on('error', (error) => {
      closed = true;
      reject(error);
    });
  });
  ready.catch(() => {});
  return {
    ready,
    close: () => {
      closed = true;
      request?.destroy();
    },
    get closed() {
      return closed;
    },
  };
}
