import { openDatabase } from './src/server/db/open-database';
const started = Date.now();
const handle = await openDatabase({ databaseUrl: process.argv[2] });
console.log('migrated in', Date.now() - started, 'ms');
await handle.close();
