// The real server entry (src/server/main.ts, bundled for the run) run until it exits, for what must stop it from
// starting; and the settings a production server needs, for the tests that take one away.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { serverEntry } from './server-bundle';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs the real server entry with these settings until it exits (or 30 s), keeping what it printed. */
export function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, serverEntry(), {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export const productionSettings = {
  NODE_ENV: 'production',
  APP_SECRET: '9d41f0c2a7e85b36d1c4f9a02e7b58c3d6a1f4e09b72c85d',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PUBLIC_URL: 'https://neighbourly.example',
  SMS_API_URL: 'http://127.0.0.1:1/sms',
  STRIPE_SECRET_KEY: 'sk_test_4eC39HqLyjWDarjtT1zdp7dcTestRun0nly9Xk',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_safe',
  STRIPE_WEBHOOK_SECRET: 'whsec_8Hq2LmZ5vR1tW9xC4nB7kJ3fP6sD0gYa',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
};
