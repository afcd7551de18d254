// `npm run seed`: loads the demo members and listings into the configured database, once.
// The server does the same at start-up unless DEMO_DATA=false; this is for a database that
// was started with demo data turned off, or for PostgreSQL set up by hand.
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { seedDemoData } from '../src/server/demo/seed-demo-data';
import { createLocalMediaStorage } from '../src/server/services/storage';

async function seed(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    await seedDemoData({ db: database.db, storage: createLocalMediaStorage(config.dataDir), log: { info: (message) => console.log(message) } });
    console.log(`Demo data is in place (${database.kind === 'pglite' ? `PGlite at ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}).`);
  } finally {
    await database.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
