// Makes sure Debian's Chromium is there before the e2e step (Playwright cannot download its own here).
// As root on Debian it installs it with apt; otherwise it stops and says exactly what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(`Chromium not found at ${path}: installing Debian's chromium with apt-get (about a minute)…`);
  execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium', {
    stdio: 'inherit',
  });
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    `The e2e tests need Chromium at ${path} and it is not there.`,
    hasApt
      ? 'Install it as root with:  sudo apt-get update && sudo apt-get install -y chromium'
      : 'Install a Chromium build and point CHROMIUM_PATH at its executable.',
    'Or set CHROMIUM_PATH=/path/to/chromium before running npm test.',
  ].join('\n'),
);
process.exit(1);
