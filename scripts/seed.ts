// `npm run seed`: loads the demo members, listings and their history into the configured database,
// once. The server does the same at start-up unless DEMO_DATA=false; this is for a database that
// was started with demo data turned off, or for PostgreSQL set up by hand.
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { createDeps } from '../src/server/create-deps';
import { seedDemoData, seedDemoHistory } from '../src/server/demo';

async function seed(): Promise<void> {
  const config = loadConfig();
  // The history is made by the product's own operations: they need the app's deps, not just the database.
  const deps = await createDeps(config);
  try {
    const log = { info: (message: string) => console.log(message) };
    await seedDemoData({ db: deps.db, storage: deps.storage, log });
    await seedDemoHistory(deps);
    console.log(`Demo data is in place (${deps.database.kind === 'pglite' ? `PGlite at ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}).`);
  } finally {
    await deps.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
