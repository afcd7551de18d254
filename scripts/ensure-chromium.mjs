// The end-to-end tests drive Debian's Chromium: its headless shell (package chromium-headless-shell,
// the same Chromium without the desktop browser around it, about half the CPU per page), and the
// benchmarks' Lighthouse the full browser (package chromium). Installs what is missing, so a fresh
// machine passes `npm test` without a manual step. `--headless-shell` asks for the tests' browser.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = process.argv.includes('--headless-shell')
  ? { path: '/usr/bin/chromium-headless-shell', debianPackage: 'chromium-headless-shell' }
  : { path: '/usr/bin/chromium', debianPackage: 'chromium' };
const chromiumPath = process.env.CHROMIUM_PATH || wanted.path;

if (existsSync(chromiumPath)) {
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH names ${chromiumPath}, which does not exist.`);
  process.exit(1);
}

console.log(`Chromium not found at ${chromiumPath}; installing Debian's ${wanted.debianPackage} package...`);
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = asRoot ? '' : 'sudo ';
try {
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${wanted.debianPackage}`, { stdio: 'inherit' });
} catch {
  if (wanted.path !== '/usr/bin/chromium' && existsSync('/usr/bin/chromium')) {
    console.warn(`Could not install ${wanted.debianPackage}; the tests drive the full Chromium instead, at about twice the CPU.`);
    process.exit(0);
  }
  console.error(`Could not install Chromium. Install it with "apt-get install ${wanted.debianPackage}" or set CHROMIUM_PATH.`);
  process.exit(1);
}
if (!existsSync(chromiumPath)) {
  console.error(`Chromium was installed but is not at ${chromiumPath}; set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('Chromium installed.');
