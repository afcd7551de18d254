// Migrating a database takes a few seconds (PGlite's initdb alone takes two), and the API tier
// starts about seventy servers. So a run migrates one database before the tests (globalSetup) and
// every test server starts from a copy: a PGlite data directory loaded from the template's dump, or
// `CREATE DATABASE … TEMPLATE` on PostgreSQL. Both templates hold the job queue's schema too. Each
// copy still runs the migrations, which find nothing to do, so a stale template cannot pass.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/open-database';
import { createJobQueue } from '../../../src/server/services/job-queue';

export type DatabaseTemplates = {
  /** A file holding the migrated PGlite data directory (a tar, as PGlite dumps it). */
  pgliteTemplateFile: string;
  /** The migrated template database on each PostgreSQL server the run uses, by server URL. */
  postgresTemplates: Record<string, string>;
};

async function prepare(database: DatabaseHandle): Promise<void> {
  const jobs = await createJobQueue(database, pino({ level: 'silent' }));
  await jobs.close();
}

async function makePgliteTemplate(directory: string): Promise<string> {
  const database = await openDatabase({ pgliteDir: null });
  try {
    await prepare(database);
    const dump = await database.dumpPgliteDataDir!();
    const file = path.join(directory, 'pglite-template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `marketplace_template_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await prepare(database);
  } finally {
    // No connection may stay open: a database is copied from a template nobody is connected to.
    await database.close();
  }
  return name;
}

export async function makeDatabaseTemplates(postgresServers: string[]): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'marketplace-templates-'));
  const [pgliteTemplateFile, ...names] = await Promise.all([makePgliteTemplate(directory), ...postgresServers.map(makePostgresTemplate)]);
  const postgresTemplates = Object.fromEntries(postgresServers.map((server, index) => [server, names[index]]));
  return {
    templates: { pgliteTemplateFile, postgresTemplates },
    remove: async () => {
      await rm(directory, { recursive: true, force: true });
      for (const [server, name] of Object.entries(postgresTemplates)) {
        const admin = new pg.Client({ connectionString: server });
        await admin.connect();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
  };
}
