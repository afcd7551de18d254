// The Redis server the API tests may use: TEST_REDIS_URL, else the local one, when it answers.
import { Redis } from 'ioredis';
import { isRepeatPass, isRequiredService } from './test-database';

export const localRedisUrl = 'redis://127.0.0.1:6379';

export async function reachableRedisUrl(): Promise<string | undefined> {
  const url = process.env.TEST_REDIS_URL ?? localRedisUrl;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return url;
  } catch {
    return undefined;
  } finally {
    probe.disconnect();
  }
}

/**
 * The Redis server for a test that needs one, or why it is skipped (for its title). Where CI
 * requires Redis (CI_REQUIRE_REDIS=true) and none answers, the file fails; in CI's second API pass
 * the Redis tests, which ran in the first, skip.
 */
export async function redisForTests(): Promise<{ url: string | undefined; note: string }> {
  if (isRepeatPass) return { url: undefined, note: ' (ran in the first API pass)' };
  const url = await reachableRedisUrl();
  if (url) return { url, note: '' };
  const reason = `neither TEST_REDIS_URL nor ${localRedisUrl} names a Redis server that answers`;
  if (isRequiredService('REDIS')) throw new Error(`Redis is required here (CI_REQUIRE_REDIS=true), but ${reason}.`);
  console.log(`skipped: ${reason}`);
  return { url: undefined, note: ` (skipped: ${reason})` };
}
