// The app as `npm start` runs it (the bundle in dist/server), started for the benchmark.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../serve-command';
import { onServerCore, type cpuSplit } from './cpu-pinning';
import { findFreePort, startChildServer, type ChildServer } from './processes';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serve = serveCommand(projectRoot);

export type BenchAppOptions = {
  label: string;
  databaseUrl: string;
  dataDir: string;
  smtpPort: number;
  smsUrl: string;
  extraEnv?: Record<string, string>;
  /** Runs the app on the servers' core (cpu-pinning.ts). */
  cpus?: ReturnType<typeof cpuSplit>;
  /** Node flags before the app's own (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** Another bundled entry than the server's (a benchmark's own harness), run with the same node settings. */
  script?: string;
};

export async function startBenchApp(options: BenchAppOptions): Promise<ChildServer> {
  const port = await findFreePort();
  return startChildServer({
    label: options.label,
    ...onServerCore(options.cpus ?? null, serve.command, [...(options.nodeArgs ?? []), ...serve.args.map((arg) => (arg === serve.script && options.script ? options.script : arg))]),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      APP_SECRET: 'bench-only-7c1e94b05fa2d83e6b90c4a17f5d28e3b6a0c9f1',
      SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
      // Production requires its public https address; only links in mail and page heads are made from it.
      PUBLIC_URL: 'https://neighbourly.example',
      SMS_API_URL: options.smsUrl,
      // Hundreds of bench sellers sign in from this one address; no measured route is rate-limited.
      RATE_LIMIT_MULTIPLIER: '10000',
      // Production refuses the test payment provider. No benchmark measures a payment route: Stripe
      // gets placeholder keys and an API address where nothing listens, so no call leaves the machine.
      STRIPE_SECRET_KEY: 'sk_test_bench51NzQ8rKf3aTb7Wc2Xy9Lm4Pq6Rs1Uv0Hd',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench5vR1tW9xC4nB7kJ3fP6sD0gYaQ7mZ',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      ...options.extraEnv,
    },
    port,
    readyPath: '/api/health',
  });
}

/** Runs the production build (vite, the server bundle, the postcode index). */
export async function runBuild(): Promise<void> {
  const { spawn } = await import('node:child_process');
  console.log('Building (npm run build) ...');
  const code = await new Promise<number | null>((resolve) => {
    spawn('npm', ['run', '--silent', 'build'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] }).once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run build failed (exit code ${code}).`);
}
