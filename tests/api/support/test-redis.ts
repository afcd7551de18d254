// The Redis server the API tests may use: TEST_REDIS_URL, else the local one, when it answers.
import { Redis } from 'ioredis';

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
