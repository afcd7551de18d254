// A read whose connection dropped before it answered (the server restarted, a failover, an admin
// ended the backend) is tried again on another connection, so a visitor never sees a 503 for a
// blip that a second try would cross. Only reads outside a transaction: a write may have been
// applied before the answer was lost, so it is never repeated blindly; it fails as before and the
// member tries again knowingly.
import type pg from 'pg';

/** The connection itself failed (not the statement): these leave nothing done and a new connection may succeed. */
const droppedConnectionCodes = new Set(['ECONNRESET', 'EPIPE', '57P01', '57P02', '08000', '08003', '08006']);
const droppedConnectionMessage = /Connection terminated|connection error and is not queryable|terminating connection due to administrator command/i;

export function isDroppedConnection(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && droppedConnectionCodes.has(code)) || (typeof message === 'string' && droppedConnectionMessage.test(message));
}

const startsAsRead = /^\s*(?:\(\s*)*(?:select|with|values|table|show)\b/i;
/** Anything in a statement that could change data or state, or take a lock: such a statement is not repeated. */
const mayWrite = /\b(?:insert|update|delete|merge|truncate|nextval|setval|pg_notify|notify|pg_advisory\w*|for\s+(?:no\s+key\s+)?update|for\s+(?:key\s+)?share|set_config|lock)\b/i;

/** Whether a statement only reads, so running it twice is the same as once. */
export function isPlainRead(text: string): boolean {
  return startsAsRead.test(text) && !mayWrite.test(text);
}

function statementText(config: unknown): string | null {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string') return (config as { text: string }).text;
  return null;
}

/**
 * Wraps the pool's own query (the one drizzle and the job queue use outside transactions; a
 * transaction checks a client out and is not touched). A plain read that fails because its
 * connection dropped runs again, at most three more times, each after a short pause: the pool drops a
 * broken client when it fails, but other idle ones may have died with it and be found broken in turn.
 */
export function retryDroppedReads(pool: pg.Pool, options: { retries?: number; onRetry?: () => void } = {}): void {
  const retries = options.retries ?? 3;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]): unknown => {
    // A callback-style call (rare here) is passed through as it is.
    if (typeof args.at(-1) === 'function') return query(...args);
    const text = statementText(args[0]);
    const first = query(...args) as Promise<unknown>;
    if (text === null) return first;
    const attempt = async (promise: Promise<unknown>, left: number): Promise<unknown> => {
      try {
        return await promise;
      } catch (error) {
        // Whether it only reads is asked once it has failed: the texts run to kilobytes, and the
        // two expressions over every statement cost a per cent of the app's time under load.
        if (left === 0 || !isDroppedConnection(error) || !isPlainRead(text)) throw error;
        options.onRetry?.();
        // A moment first: the pool hears of its other broken clients (the same restart ended them)
        // and drops them, so the next try gets a live or a new connection.
        await new Promise((resolve) => setTimeout(resolve, 10 * (retries - left + 1)));
        return attempt(query(...args) as Promise<unknown>, left - 1);
      }
    };
    return attempt(first, retries);
  };
  pool.query = wrapped as typeof pool.query;
}
