// Writes the compact postcode index the server reads at start-up (dist/postcodes.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildDirectory, compactIndex, compactIndexPath } from '../src/server/postcodes/postcode-directory';

const index = compactIndex(buildDirectory());
mkdirSync(path.dirname(compactIndexPath), { recursive: true });
writeFileSync(compactIndexPath, JSON.stringify(index));
console.log(`Postcode index: ${index.places.length} postcodes -> ${path.relative(process.cwd(), compactIndexPath)}`);
