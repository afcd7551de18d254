// Writes the compact postcode index the server reads at start-up (dist/postcodes.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildDirectory, compactIndexPath } from '../src/server/postcodes/postcode-directory';

const entries = [...buildDirectory().values()];
mkdirSync(path.dirname(compactIndexPath), { recursive: true });
writeFileSync(compactIndexPath, JSON.stringify(entries));
console.log(`Postcode index: ${entries.length} postcodes -> ${path.relative(process.cwd(), compactIndexPath)}`);
