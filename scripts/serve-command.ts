// How the built server is started: the "serve" script of package.json (node with its memory
// settings and dist/server/main.js), read here so the e2e tests and the benchmark start it the
// same way `npm start` does.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function serveCommand(projectRoot: string): { command: string; args: string[]; script: string } {
  const scripts = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...args] = scripts.serve.trim().split(/\s+/);
  const script = args.find((arg) => arg.endsWith('.js'));
  if (command !== 'node' || !script) throw new Error(`package.json "serve" should run node on the built server, found: ${scripts.serve}`);
  return { command: process.execPath, args, script };
}
