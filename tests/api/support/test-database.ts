// A freshly migrated database per test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server at TEST_DATABASE_URL (dropped afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/open-database';

/** The PostgreSQL server the API tests may use, or undefined when they run on PGlite. */
export function testPostgresUrl(): string | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(serverUrl).protocol) ? serverUrl : undefined;
  } catch {
    return undefined;
  }
}

/** The local server CI and development machines run (trust auth, database `test`). */
export const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A PostgreSQL server for the tests that need a real one (cutting its connections, killing a server
 * on it): TEST_DATABASE_URL when it names one, else the local server when it answers.
 */
export async function reachablePostgresUrl(): Promise<string | undefined> {
  const configured = testPostgresUrl();
  if (configured) return configured;
  const client = new pg.Client({ connectionString: localPostgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return localPostgresUrl;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates an empty database on the test server; `drop` removes it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `marketplace_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** `connectVia` changes where the app connects (the fault tests put a proxy in between). */
export async function openTestDatabase(options: { serverUrl?: string; connectVia?: (url: URL) => URL } = {}): Promise<DatabaseHandle> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDir: null });

  const created = await createPostgresDatabase(serverUrl);
  const url = options.connectVia ? options.connectVia(new URL(created.url)).toString() : created.url;
  const handle = await openDatabase({ databaseUrl: url, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}
