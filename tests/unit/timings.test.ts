// spec 9: how long a query that retries waits before each attempt.
import { describe, expect, it } from 'vitest';
import { queryRetryDelayMs, tooltipOpenDelayMs } from '../../src/domain/timings';

describe('the retry backoff of a query', () => {
  it('waits 1 s before the first retry and doubles each time', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000]);
  });

  it('never waits more than 30 s', () => {
    expect(queryRetryDelayMs(5)).toBe(30_000);
    expect(queryRetryDelayMs(20)).toBe(30_000);
  });
});

describe('how long a tooltip waits (spec 9)', () => {
  it('waits 700 ms, or nothing when another closed under 300 ms before', () => {
    expect(tooltipOpenDelayMs(null, 10_000)).toBe(700);
    expect(tooltipOpenDelayMs(10_000, 10_000)).toBe(0);
    expect(tooltipOpenDelayMs(10_000, 10_299)).toBe(0);
    expect(tooltipOpenDelayMs(10_000, 10_300)).toBe(700);
  });
});
