// Starts the real server (built web app included) on a free port with a fresh data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { serveCommand } from '../../../scripts/serve-command';

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  /** Stops the server and removes its data folder; `keep` moves its embedded database there first. */
  stop: (options?: { keep?: string }) => Promise<void>;
};

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const startTimeoutMs = 90_000;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${startTimeoutMs} ms:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The run's migrated embedded database (global-setup.ts), copied into each server's data folder. */
function pgliteTemplate(): string | undefined {
  try {
    return inject('pgliteTemplateDir');
  } catch {
    return undefined;
  }
}

/**
 * `env` adds or overrides settings for this server only, such as ADMIN_EMAILS. `template` starts it
 * on a copy of an embedded database already made and migrated (its folder), instead of a new one.
 */
export async function startServer({ env = {}, template = pgliteTemplate() }: { env?: Record<string, string>; template?: string } = {}): Promise<RunningServer> {
  const serve = serveCommand(projectRoot);
  if (!existsSync(path.join(projectRoot, 'dist/web/index.html')) || !existsSync(path.join(projectRoot, serve.script))) {
    throw new Error('dist/ is missing: run "npm run build" before the e2e tests.');
  }
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'neighbourly-e2e-'));
  if (template) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  // The built server, started as `npm start` starts it.
  const child = spawn(serve.command, serve.args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async (options: { keep?: string } = {}) => {
    await stopProcess(child);
    if (options.keep) await rename(path.join(dataDir, 'pglite'), options.keep);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
