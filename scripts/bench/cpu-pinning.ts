// On a machine with two or more cores the benchmark keeps its load generator (autocannon, in this
// process) off the core the measured server runs on, as clients on other machines would be; the
// operating system would otherwise keep preempting one for the other, and the waits show up as
// latency of the server. PostgreSQL is left free to run on any core. `--no-pin` turns it off.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

const cores = os.availableParallelism();
const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/** Core 0 for the servers, the rest for the load generator; null when there is nothing to split. */
export function cpuSplit(enabled: boolean): { server: string; loadGenerator: string } | null {
  if (!enabled || cores < 2 || !hasTaskset) return null;
  return { server: '0', loadGenerator: cores === 2 ? '1' : `1-${cores - 1}` };
}

/** The command run on the servers' core. */
export function onServerCore(split: ReturnType<typeof cpuSplit>, command: string, args: string[]): { command: string; args: string[] } {
  return split ? { command: 'taskset', args: ['-c', split.server, command, ...args] } : { command, args };
}

/** Moves this process, every thread of it, to the load generator's cores. */
export function pinLoadGenerator(split: ReturnType<typeof cpuSplit>): void {
  if (!split) return;
  const result = spawnSync('taskset', ['-a', '-p', '-c', split.loadGenerator, String(process.pid)], { stdio: 'ignore' });
  if (result.status !== 0) throw new Error('taskset could not move the benchmark to its cores; run with --no-pin');
}

/** For the report. */
export function describeSplit(split: ReturnType<typeof cpuSplit>): string {
  return split
    ? `the app and the hello-world ran on core ${split.server}, autocannon (the bench process) on core${split.loadGenerator.length > 1 ? 's' : ''} ${split.loadGenerator}, PostgreSQL on any core (taskset)`
    : 'no CPU pinning: the servers, autocannon and PostgreSQL shared every core';
}
