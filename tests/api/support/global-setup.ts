// Before the API tier: one migrated database per engine the run uses, for every test server to copy
// (database-template.ts). The PostgreSQL template is made on TEST_DATABASE_URL's server, and on the
// local server the PostgreSQL-only tests use when it answers.
// The tests that run the server as a process start one bundle made here, as `npm start` runs
// dist/server/main.js, instead of transpiling src/server under tsx at every start.
import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates, type DatabaseTemplates } from './database-template';
import { buildServerBundle } from './server-bundle';
import { reachablePostgresUrl } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
    /** The server entry bundled for this run (node runs it as it is). */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const postgresUrl = await reachablePostgresUrl();
  const [{ templates, remove }, serverBundle] = await Promise.all([makeDatabaseTemplates(postgresUrl ? [postgresUrl] : []), buildServerBundle()]);
  project.provide('databaseTemplates', templates);
  project.provide('serverBundle', serverBundle.file);
  return async () => {
    await remove();
    await serverBundle.remove();
  };
}
