// The server as its own process (src/server/main.ts, bundled for the run: server-bundle.ts), for what an in-process app cannot
// show: signals, exit codes, a process killed mid-request. Its JSON log lines are kept.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { serverEntry } from './server-bundle';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

export type LogLine = { msg?: string; reqId?: string; level?: number; [key: string]: unknown };

export type ServerProcess = {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  logs: LogLine[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  waitForLogs: (count: number, matches: (line: LogLine) => boolean, timeoutMs?: number) => Promise<void>;
  output: () => string;
};

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-process-'));
  // On the embedded database, the server starts on the run's migrated template, unpacked where it
  // keeps its database (DATA_DIR/pglite), instead of creating and migrating one (seconds of its start).
  if (!env.DATABASE_URL) {
    const pglite = path.join(dataDir, 'pglite');
    await mkdir(pglite);
    await promisify(execFile)('tar', ['-xf', inject('databaseTemplates').pgliteTemplateFile, '-C', pglite]);
  }
  const child = spawn(process.execPath, serverEntry(), {
    cwd: projectRoot,
    // Port 0: the process takes a free port as it listens and says which (a port picked here and handed
    // over could be taken by another test's server in between, whose health check would then answer).
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', NODE_ENV: 'test', LOG_LEVEL: 'info', RATE_LIMIT_MULTIPLIER: '100', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let text = '';
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const deadline = Date.now() + 60_000;
  let baseUrl = '';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${text}`);
    baseUrl ||= listeningAt(logs);
    const healthy = baseUrl !== '' && (await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false));
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start within 60 s:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const waitForLogs = async (count: number, matches: (line: LogLine) => boolean, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (logs.filter(matches).length < count) {
      if (Date.now() > until) throw new Error(`Waited ${timeoutMs} ms for ${count} log lines; the server said:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  return { baseUrl, dataDir, child, logs, exited, waitForLogs, output: () => text };
}

/** The address from the process's "Server listening at http://127.0.0.1:…" line; '' until it has said it. */
function listeningAt(logs: LogLine[]): string {
  for (const line of logs) {
    const address = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(line.msg ?? '')?.[1];
    if (address) return address;
  }
  return '';
}
