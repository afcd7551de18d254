// spec 9: how long a query that retries waits before each attempt.
import { describe, expect, it } from 'vitest';
import { queryRetryDelayMs } from '../../src/domain/timings';

describe('the retry backoff of a query', () => {
  it('waits 1 s before the first retry and doubles each time', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000]);
  });

  it('never waits more than 30 s', () => {
    expect(queryRetryDelayMs(5)).toBe(30_000);
    expect(queryRetryDelayMs(20)).toBe(30_000);
  });
});
