// Starts the real app on a free port over a fresh database; tests talk to it over HTTP. The app is
// assembled as the server assembles it (createDeps, buildApp); a test changes a part by overriding it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { createDeps, type DepsOverrides } from '../../../src/server/create-deps';
import type { DatabaseHandle } from '../../../src/server/db/open-database';
import type { ServerDeps } from '../../../src/server/deps';
import type { MailSender } from '../../../src/server/services/mail';
import { openTestDatabase } from './test-database';

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
      await app.close();
      await deps.close();
      await rm(dataDir, { recursive: true, force: true });
    },
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
