// Browser tests use Debian's Chromium, never a downloaded browser. Installs it with apt when it is
// missing and we are root on Debian; otherwise stops with one line saying how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing at ${chromium}: install it with "sudo apt-get install -y chromium" (Debian) or set CHROMIUM_PATH, then run the tests again.`,
  );
  process.exit(1);
}
console.log('Chromium is missing: installing Debian\'s chromium package with apt-get (about 30 s)…');
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: '/bin/sh',
  });
} catch {
  console.error('Installing Chromium with apt-get failed: run "apt-get install -y chromium" yourself and try again.');
  process.exit(1);
}
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing: set CHROMIUM_PATH to your Chromium.`);
  process.exit(1);
}
