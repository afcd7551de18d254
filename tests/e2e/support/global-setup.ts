// Before the e2e tier: one Chromium for the whole run, and one embedded database made and migrated
// by the built server. Every journey connects to the Chromium and works in browser contexts of its
// own (cookies, storage and pages apart), and starts its server on a copy of the database, so no
// file pays for a browser's start or a database's creation.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './browser';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's Chromium listens (playwright's browser server). */
    chromiumEndpoint: string;
    /** A data folder's embedded database, migrated, for each server to start from a copy. */
    pgliteTemplateDir: string;
  }
}

async function makeDatabaseTemplate(): Promise<{ folder: string; remove: () => Promise<void> }> {
  const server = await startServer({ template: undefined });
  const kept = await mkdtemp(path.join(tmpdir(), 'neighbourly-e2e-template-'));
  // Stopped first: a database folder is copied whole only while nothing has it open.
  const folder = path.join(kept, 'pglite');
  await server.stop({ keep: folder });
  return { folder, remove: () => rm(kept, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject) {
  const [browserServer, template] = await Promise.all([chromium.launchServer(chromiumOptions), makeDatabaseTemplate()]);
  project.provide('chromiumEndpoint', browserServer.wsEndpoint());
  project.provide('pgliteTemplateDir', template.folder);
  return async () => {
    await browserServer.close();
    await template.remove();
  };
}
