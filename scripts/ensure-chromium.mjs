// Browser tests use Debian's Chromium, never a downloaded browser: the `chromium` package and its
// `chromium-headless-shell` (the same build's headless-only binary, which the journeys run in: about a
// third less CPU a journey on two cores — docs/decisions/020). Installs whichever is missing with apt
// when we are root on Debian; otherwise stops with one line saying how. CHROMIUM_PATH names another
// Chromium and skips all this.
import fs from 'node:fs';
import { aptInstall } from './apt-install.mjs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PACKAGES = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': HEADLESS_SHELL };

if (process.env.CHROMIUM_PATH) {
  if (fs.existsSync(process.env.CHROMIUM_PATH)) process.exit(0);
  console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}
const missing = Object.entries(PACKAGES)
  .filter(([, binary]) => !fs.existsSync(binary))
  .map(([name]) => name);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing: install it with "sudo apt-get install -y ${missing.join(' ')}" (Debian) or set CHROMIUM_PATH, then run the tests again.`,
  );
  process.exit(1);
}
console.log(`Installing Debian's ${missing.join(' and ')} with apt-get (about 30 s)…`);
if (!aptInstall(missing)) {
  console.error(
    `Installing ${missing.join(' ')} with apt-get failed: run "apt-get install -y ${missing.join(' ')}" yourself and try again.`,
  );
  process.exit(1);
}
for (const [name, binary] of Object.entries(PACKAGES)) {
  if (!fs.existsSync(binary)) {
    console.error(
      `apt-get finished but ${binary} (${name}) is still missing: set CHROMIUM_PATH to your Chromium.`,
    );
    process.exit(1);
  }
}
