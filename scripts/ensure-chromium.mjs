// The end-to-end tests drive Debian's Chromium. Install it when it is missing, so a fresh
// machine passes `npm test` without a manual step.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(chromiumPath)) {
  process.exit(0);
}

console.log(`Chromium not found at ${chromiumPath}; installing Debian's chromium package...`);
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = asRoot ? '' : 'sudo ';
try {
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
} catch {
  console.error('Could not install Chromium. Install it with "apt-get install chromium" or set CHROMIUM_PATH.');
  process.exit(1);
}
if (!existsSync(chromiumPath)) {
  console.error(`Chromium was installed but is not at ${chromiumPath}; set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('Chromium installed.');
