// A freshly migrated database per test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server at TEST_DATABASE_URL (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/open-database';
import { leasePglite } from './pglite-pool';

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

/**
 * CI runs the API tier twice, the second time on PostgreSQL (TEST_DATABASE_URL). Tests that use the
 * local servers whatever the tier's database runs on (two app servers, faults, a restore) ran in
 * the first pass, and skip in the second.
 */
export const isRepeatPass = process.env.API_REPEAT_PASS === 'true';

/**
 * For a test whose server is a process of its own that never opens the tier's database (it exits
 * first, or runs on its own embedded one): the second pass would repeat it word for word, so it
 * runs in the first pass only. Use with `it.skipIf(isRepeatPass)`, the note in its title.
 */
export const firstPassOnlyNote = isRepeatPass ? ' (ran in the first API pass: it opens no database of this pass)' : '';

/** A service CI requires: a test that needs it fails when it is missing, never passes by skipping. */
export function isRequiredService(name: 'POSTGRES' | 'REDIS'): boolean {
  return process.env[`CI_REQUIRE_${name}`] === 'true';
}

/**
 * The PostgreSQL server for a test that needs a real one, or why it is skipped (for its title).
 * Where CI requires PostgreSQL (CI_REQUIRE_POSTGRES=true) and none answers, the file fails.
 */
export async function postgresForTests(): Promise<{ url: string | undefined; note: string }> {
  if (isRepeatPass) return { url: undefined, note: ' (ran in the first API pass)' };
  const url = await reachablePostgresUrl();
  if (url) return { url, note: '' };
  const reason = `neither TEST_DATABASE_URL nor ${localPostgresUrl} names a PostgreSQL server that answers`;
  if (isRequiredService('POSTGRES')) throw new Error(`PostgreSQL is required here (CI_REQUIRE_POSTGRES=true), but ${reason}.`);
  console.log(`skipped: ${reason}`);
  return { url: undefined, note: ` (skipped: ${reason})` };
}

/** The run's migrated templates (global-setup.ts); none when a file runs outside the API project. */
function runTemplates() {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;
/** The migrated PGlite data directory, read once per test file. */
function readPgliteTemplate(): Promise<Blob | undefined> {
  const file = runTemplates()?.pgliteTemplateFile;
  pgliteTemplate ??= file ? readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)])) : Promise.resolve(undefined);
  return pgliteTemplate;
}

/**
 * Creates a database on the test server, copied from the run's migrated template on that server
 * when there is one (the migrations then find nothing to do), else empty; `drop` removes it.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `marketplace_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = runTemplates()?.postgresTemplates[serverUrl];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
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
  if (!serverUrl) return leasePglite(await readPgliteTemplate());

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
