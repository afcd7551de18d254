// What readiness asks of the parts this server needs: the database, Redis (with REDIS_URL) and the
// media storage. Each check costs a round trip to another server, and the address answers anyone,
// so the answer is shared: callers within a second of one check (or while it runs) get its result.
import type { Readiness } from '../../domain/api-schemas';
import type { ServerDeps } from '../deps';
import { withTimeout } from '../services/with-timeout';

export type ReadinessParts = Required<Pick<Readiness, 'database' | 'redis' | 'storage'>>;

const pingTimeoutMs = 2_000;

/** A load balancer asks every 2 s or so: a second-old answer is current enough, and a flood of requests costs one check a second. */
export const readinessCacheMs = 1_000;

/** Whether `check` finished in time: a part that hangs counts as unreachable. */
export async function answers(check: () => Promise<unknown>, what: string): Promise<'ok' | 'unreachable'> {
  try {
    await withTimeout(check(), pingTimeoutMs, what);
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

async function checkParts(deps: Pick<ServerDeps, 'database' | 'contentVersion' | 'storage'>): Promise<ReadinessParts> {
  const { pingRedis } = deps.contentVersion;
  const checkStorage = deps.storage.check;
  const [database, redis, storage] = await Promise.all([
    answers(() => deps.database.ping(), 'database ping'),
    pingRedis ? answers(pingRedis, 'Redis ping') : ('not configured' as const),
    checkStorage ? answers(checkStorage, 'media storage check') : ('not checked' as const),
  ]);
  return { database, redis, storage };
}

/** The parts' state, checked at most once per `cacheMs` (counted from when a check finishes) however many ask. */
export function createReadinessChecks(deps: Pick<ServerDeps, 'database' | 'contentVersion' | 'storage'>, cacheMs = readinessCacheMs): () => Promise<ReadinessParts> {
  let last: { parts: Promise<ReadinessParts>; freshUntil: number } | undefined;
  return () => {
    if (last && Date.now() < last.freshUntil) return last.parts;
    const parts = checkParts(deps);
    // Fresh for as long as it runs, and a second after.
    const current = { parts, freshUntil: Number.POSITIVE_INFINITY };
    last = current;
    void parts.finally(() => {
      current.freshUntil = Date.now() + cacheMs;
    });
    return parts;
  };
}
