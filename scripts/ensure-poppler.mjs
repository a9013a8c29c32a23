// The server's tests read generated PDFs back with Debian's poppler-utils (pdftotext, pdftoppm, pdfinfo).
// Installs them with apt when missing and we are root on Debian; otherwise stops with one line saying how.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { aptInstall } from './apt-install.mjs';

const present = () => spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).error === undefined;
if (present()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(
    'pdftotext is missing: install it with "sudo apt-get install -y poppler-utils" (Debian), then run the tests again.',
  );
  process.exit(1);
}
console.log('poppler-utils is missing: installing it with apt-get…');
if (!aptInstall(['poppler-utils'])) {
  console.error(
    'Installing poppler-utils with apt-get failed: run "apt-get install -y poppler-utils" yourself and try again.',
  );
  process.exit(1);
}
if (!present()) {
  console.error('apt-get finished but pdftotext is still missing.');
  process.exit(1);
}
