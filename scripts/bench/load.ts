// One load measurement with autocannon: a warm-up that is thrown away, the measured run at the
// chosen concurrency, then a short probe with a single connection (latency without queueing).
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';

export type RequestShape = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** Called for every request: rotate ids, tokens or bodies here. `context` belongs to the connection. */
  setupRequest?: (request: autocannon.Request, context: Record<string, unknown>) => autocannon.Request;
  /** Called for every answer, with the same connection context (the soak tells its request kinds apart this way) and the answer's headers. */
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers?: IncomingHttpHeaders) => void;
};

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx responses plus connection errors (timeouts included). */
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  /** Responses received within the run. */
  total: number;
  /** Requests sent that had no response when the run ended. */
  unfinished: number;
};

export type LoadOptions = { baseUrl: string; connections: number; durationSeconds: number };

export async function runLoad(shape: RequestShape, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: `${options.baseUrl}${shape.path}`,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 10,
    method: shape.method,
    headers: shape.headers,
    requests:
      shape.setupRequest || shape.onResponse
        ? [
            {
              method: shape.method,
              path: shape.path,
              headers: shape.headers,
              setupRequest: shape.setupRequest as ((request: autocannon.Request, context: object) => autocannon.Request) | undefined,
              onResponse: shape.onResponse as ((status: number, body: string, context: object, headers?: IncomingHttpHeaders) => void) | undefined,
            },
          ]
        : undefined,
  });
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stats.count ?? 0;
  const answered = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
  return {
    requestsPerSecond: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    timeouts: result.timeouts,
    statusCounts,
    total: answered,
    unfinished: Math.max(0, result.requests.sent - answered - result.errors),
  };
}
