// Child processes the benchmark starts (the app and the hello-world ceiling), and what Linux
// says about their memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type ChildServer = {
  label: string;
  child: ChildProcess;
  baseUrl: string;
  /** The last lines the process printed, for error messages. */
  output: () => string;
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a server process and resolves once GET readyPath answers 200. */
export async function startChildServer(options: {
  label: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  timeoutMs?: number;
}): Promise<ChildServer> {
  const child = spawn(options.command, options.args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    });
  });

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const output = () => lines.join('\n');
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${options.label} exited (code ${exitCode}) before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.label} did not answer ${options.readyPath} within ${(options.timeoutMs ?? 60_000) / 1000} s:\n${output()}`);
    }
    await sleep(200);
  }

  const stop = async () => {
    if (exitCode !== undefined) return;
    const family = [child.pid!, ...descendantPids(child.pid!)];
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const pid of family.reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { label: options.label, child, baseUrl, output, stop };
}

/** Every process below pid, children first. */
export function descendantPids(pid: number): number[] {
  const found: number[] = [];
  const readOrEmpty = (read: () => string) => {
    try {
      return read();
    } catch {
      return '';
    }
  };
  const tasks = readOrEmpty(() => readdirSync(`/proc/${pid}/task`).join(' ')).split(' ').filter(Boolean);
  for (const task of tasks) {
    const children = readOrEmpty(() => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8'));
    for (const child of children.split(/\s+/).filter(Boolean).map(Number)) {
      found.push(child, ...descendantPids(child));
    }
  }
  return found;
}

export function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Peak resident set size (VmHWM) in bytes, or null when the process is gone. */
export function peakRssBytes(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The process that really runs the script: `tsx file.ts` is a small launcher that starts node
 * with its loader as a child, so the server is the deepest descendant naming the script.
 */
export function scriptProcessPid(launcherPid: number, script: string): number {
  const candidates = [launcherPid, ...descendantPids(launcherPid)].filter((pid) => commandLineOf(pid).includes(script));
  return candidates.at(-1) ?? launcherPid;
}

/** Linux reports CPU time in clock ticks, 100 a second on every mainstream build. */
const clockTicksPerSecond = 100;

/** CPU time (user + system) a process has used, in seconds; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by each process with this command name (e.g. every PostgreSQL backend), by pid. */
export function cpuSecondsByName(name: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (command === name) byPid.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // the process ended while we looked
    }
  }
  return byPid;
}

/** CPU the processes used between two snapshots; a process that started in between counts in full. */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** CPU seconds the whole machine has spent busy (every core, everything but idle and iowait). */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return (user + nice + system + irq + softirq + (steal ?? 0)) / clockTicksPerSecond;
}

/** Current resident set size in bytes (VmRSS), or null when the process is gone. */
export function currentRssBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux 4.0+: clear_refs 5). */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
