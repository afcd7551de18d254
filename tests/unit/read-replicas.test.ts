// How far behind a replica is, and which reads may trust it (db/read-replicas.ts, decision 39).
import { describe, expect, it } from 'vitest';
import { lagOf, parseLsn } from '../../src/server/db/read-replicas';
import { createContentVersion } from '../../src/server/services/content-version';

describe("a replica's lag", () => {
  it('reads WAL positions as numbers', () => {
    expect(parseLsn('0/3016038')).toBe(0x3016038n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });

  it('is nothing when it has replayed the newest position, else the age of the newest position it has', () => {
    const samples = [
      { at: 1_000, lsn: 100n },
      { at: 2_000, lsn: 200n },
      { at: 3_000, lsn: 300n },
    ];
    expect(lagOf(samples, 300n, 3_100)).toBe(0);
    expect(lagOf(samples, 350n, 3_100)).toBe(0);
    expect(lagOf(samples, 250n, 3_100)).toBe(1_100);
    expect(lagOf(samples, 100n, 3_100)).toBe(2_100);
    expect(lagOf(samples, 50n, 3_100)).toBe(Number.POSITIVE_INFINITY);
    expect(lagOf([], 50n, 3_100)).toBe(0);
  });
});

describe('a change heard of just now', () => {
  it('is within the window for its own keys and its kind, not for others, and not once the window has passed', async () => {
    const version = createContentVersion();
    expect(version.changedWithin(['listings:1'], 1_000)).toBe(false);
    await version.publish(['listings:1', 'postcodes:3000']);
    expect(version.changedWithin(['listings:1'], 1_000)).toBe(true);
    expect(version.changedWithin(['postcodes:3000', 'states:VIC'], 1_000)).toBe(true);
    expect(version.changedWithin(['listings:2'], 1_000)).toBe(false);
    await version.publish(['members']);
    expect(version.changedWithin(['members:7'], 1_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(version.changedWithin(['listings:1'], 50)).toBe(false);
    expect(version.changedWithin(['listings:1'], 1_000)).toBe(true);
  });
});
