// Starts the real app on a free port over a fresh database; tests talk to it over HTTP. The app is
// assembled as the server assembles it (createDeps, buildApp); a test changes a part by overriding it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { createDeps, type DepsOverrides } from '../../../src/server/create-deps';
import type { DatabaseHandle } from '../../../src/server/db/open-database';
import type { ServerDeps } from '../../../src/server/deps';
import type { MailSender } from '../../../src/server/services/mail';
import { openTestDatabase, testPostgresUrl } from './test-database';

export type TestServer = {
  baseUrl: string;
  app: FastifyInstance;
  /** What the app's features use: tests run the server's jobs (upkeep, clean-up) with it. */
  deps: ServerDeps;
  database: DatabaseHandle;
  config: Config;
  mail: MailSender;
  close: () => Promise<void>;
};

export type TestServerOptions = {
  /** Pino options to capture the app's logs; quiet by default. */
  logger?: DepsOverrides['logger'];
  /** Opens the app's database; a fresh test database by default. */
  openDatabase?: () => Promise<DatabaseHandle>;
  /** Sends the app's mail; the dev outbox (or SMTP_URL) by default. */
  mail?: (config: Config, database: DatabaseHandle) => MailSender;
  /** The interface to listen on; 127.0.0.1 by default. */
  host?: string;
  /** The port to listen on (one PUBLIC_URL names); a free one by default. */
  port?: number;
};

export async function startTestServer(environment: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'marketplace-api-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'false', RATE_LIMIT_MULTIPLIER: '100', ...environment });
  const database = await (options.openDatabase ?? openTestDatabase)();
  const deps = await createDeps(config, { database, mail: options.mail?.(config, database), logger: options.logger ?? false });
  const app = await buildApp(deps);
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    deps,
    database,
    config,
    mail: deps.mail,
    close: async () => {
      const watchdog = watchSlowClose();
      try {
        watchdog.step('the app (its requests and connections)');
        // A client's connection left open (a keep-alive socket the server does not see as idle, on
        // a busy machine) would hold the close for ever: after a grace of 5 s, every connection goes.
        const forceClose = setTimeout(() => app.server.closeAllConnections(), 5_000);
        try {
          await app.close();
        } finally {
          clearTimeout(forceClose);
        }
        watchdog.step('the deps (background work, jobs, limits, caches, events, mail, database)');
        await deps.close();
        watchdog.step('the data directory');
        await rm(dataDir, { recursive: true, force: true });
      } finally {
        watchdog.done();
      }
    },
  };
}

/**
 * A server that takes over 15 s to close says (every 15 s), on stderr, which part it waits on, what its process
 * holds open, and what the test server's databases are doing: a close that hangs past the hook's
 * timeout then leaves what is needed to find why.
 */
function watchSlowClose(afterMs = 15_000) {
  let current = 'starting';
  const started = Date.now();
  const timer = setInterval(() => void report(), afterMs);
  timer.unref();
  async function report() {
    const lines = [`[slow close] ${Math.round((Date.now() - started) / 1000)} s waiting on ${current}`, `[slow close] open in this process: ${process.getActiveResourcesInfo().join(', ')}`];
    const serverUrl = testPostgresUrl();
    if (serverUrl) {
      const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
      try {
        await client.connect();
        const { rows } = await client.query(
          "select datname, pid, state, wait_event_type, wait_event, now() - query_start as running, left(query, 200) as query from pg_stat_activity where datname like 'marketplace_%' and pid <> pg_backend_pid()",
        );
        for (const row of rows) lines.push(`[slow close] ${JSON.stringify(row)}`);
      } catch (error) {
        lines.push(`[slow close] could not read pg_stat_activity: ${String(error)}`);
      } finally {
        await client.end().catch(() => {});
      }
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
  return {
    step: (name: string) => {
      current = name;
    },
    done: () => clearInterval(timer),
  };
}

/**
 * Google sign-in configured, with nothing listening at the issuer: its routes exist (they exist only
 * with Google's settings), and a sign-in started comes back to /auth at once with provider-error.
 */
export const googleSettingsWithoutProvider = {
  GOOGLE_CLIENT_ID: 'unreachable-client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'GOCSPX-unreachable-provider-secret',
  GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
};
