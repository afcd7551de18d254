// What a measured load phase needs around it, for every benchmark: waiting until the server and
// PostgreSQL are idle again, the CPU each party used, a short note of what went wrong, and
// preparing its accounts a few at a time.
import type pg from 'pg';
import type { LoadResult } from './load';
import { cpuSeconds, cpuSecondsBetween, cpuSecondsByName, machineBusySeconds } from './processes';
import type { CpuShares } from './report';

/**
 * After a saturating run the server still holds queued requests and PostgreSQL may still be
 * running their queries; the next phase must not start until both are done. Idle = `readyUrl`
 * answers within 50 ms and no other query of this database is running.
 */
export async function waitForIdle(pool: pg.Pool, readyUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      const response = await fetch(readyUrl);
      await response.arrayBuffer();
      const fast = performance.now() - started < 50;
      const { rows } = await pool.query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()
            and query not ilike 'listen %'`,
      );
      if (fast && rows[0].busy === 0) return;
    } catch {
      // keep waiting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs work and reports the CPU it cost each party, in % of one core. */
export async function measureCpu<T>(serverPid: number, work: () => Promise<T>): Promise<{ result: T; cpu: CpuShares }> {
  const started = performance.now();
  const machine = machineBusySeconds();
  const server = cpuSeconds(serverPid);
  const postgres = cpuSecondsByName('postgres');
  const own = process.cpuUsage();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const ownUsed = process.cpuUsage(own);
  const used = {
    server: cpuSeconds(serverPid) - server,
    postgres: cpuSecondsBetween(postgres, cpuSecondsByName('postgres')),
    loadGenerator: (ownUsed.user + ownUsed.system) / 1e6,
  };
  const other = machineBusySeconds() - machine - used.server - used.postgres - used.loadGenerator;
  const percent = (value: number) => (value / seconds) * 100;
  return {
    result,
    cpu: { server: percent(used.server), postgres: percent(used.postgres), loadGenerator: percent(used.loadGenerator), other: percent(other) },
  };
}

/** "429×3, timeouts×2": the answers that were not 2xx, and connection errors. */
export function describeStatuses(result: LoadResult): string {
  const parts = Object.entries(result.statusCounts)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${code}×${count}`);
  if (result.timeouts > 0) parts.push(`timeouts×${result.timeouts}`);
  const non2xx = Object.entries(result.statusCounts)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  const connectionErrors = result.errors - non2xx;
  if (connectionErrors > result.timeouts) parts.push(`connection errors×${connectionErrors - result.timeouts}`);
  return parts.join(', ');
}

/** The value below which `fraction` of the values lie (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** `work` over every item, at most `concurrency` at a time; the results in the items' order. */
export async function mapWithConcurrency<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
