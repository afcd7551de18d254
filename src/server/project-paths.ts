// Where the project's files are, whether this code runs from src/ (tsx, tests) or from the
// bundle in dist/server/ (npm start): the nearest folder above it holding package.json.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${start}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. projectPath('dist', 'web'). */
export function projectPath(...parts: string[]): string {
  return path.join(projectRoot, ...parts);
}
