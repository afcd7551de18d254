// Before the API tier: one migrated database per engine the run uses, for every test server to copy
// (database-template.ts). The PostgreSQL template is made on TEST_DATABASE_URL's server, and on the
// local server the PostgreSQL-only tests use when it answers.
import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates, type DatabaseTemplates } from './database-template';
import { reachablePostgresUrl } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject) {
  const postgresUrl = await reachablePostgresUrl();
  const { templates, remove } = await makeDatabaseTemplates(postgresUrl ? [postgresUrl] : []);
  project.provide('databaseTemplates', templates);
  return remove;
}
