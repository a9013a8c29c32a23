// `npm run fleet [-- options]`: the fleet harness of issue 40 (bench/fleet/main.ts; docs/decisions/049).
// Prepares what it needs — HAProxy (Debian's package, installed with apt-get when missing and we are root,
// as scripts/ensure-poppler.mjs does), PostgreSQL's and Redis's server binaries (checked), the built server
// and web app (built only when stale, scripts/built.mjs), and a self-signed certificate for 127.0.0.1 made
// for this run with openssl — then runs the harness with tsx, trusting that certificate
// (NODE_EXTRA_CA_CERTS), and exits with its code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from './apt-install.mjs';
import { BUILDS, isStale, repoRoot } from './built.mjs';

const present = (command, args = ['-v']) => spawnSync(command, args, { stdio: 'ignore' }).error === undefined;

if (!present('haproxy')) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    console.error(
      'haproxy is missing: install it with "sudo apt-get install -y haproxy" (Debian), then run npm run fleet again.',
    );
    process.exit(1);
  }
  console.log('haproxy is missing: installing it with apt-get…');
  if (!aptInstall(['haproxy']) || !present('haproxy')) {
    console.error(
      'Installing haproxy with apt-get failed: run "apt-get install -y haproxy" yourself and try again.',
    );
    process.exit(1);
  }
}
if (!present('redis-server')) {
  console.error(
    'redis-server is missing: the harness runs a Redis of its own (apt-get install -y redis-server).',
  );
  process.exit(1);
}
if (!present('openssl', ['version'])) {
  console.error(
    'openssl is missing: the harness makes its TLS certificate with it (apt-get install -y openssl).',
  );
  process.exit(1);
}

for (const build of [BUILDS.web, BUILDS.server]) {
  if (!isStale(build)) continue;
  console.log(`Building ${build.workspace} (${build.output} is missing or older than its sources)…`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace, '--silent'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The proxy's certificate: for this run only, for the address the harness uses.
const tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fleet-tls-'));
const key = path.join(tlsDir, 'proxy.key');
const cert = path.join(tlsDir, 'proxy.crt');
const made = spawnSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ],
  { stdio: 'ignore' },
);
if (made.status !== 0) {
  console.error('openssl could not make the proxy certificate.');
  process.exit(1);
}
fs.writeFileSync(
  path.join(tlsDir, 'proxy.pem'),
  fs.readFileSync(cert, 'utf8') + fs.readFileSync(key, 'utf8'),
  { mode: 0o600 },
);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'bench/fleet/main.ts'), ...process.argv.slice(2)],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert, FLEET_TLS_DIR: tlsDir },
  },
);
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  fs.rmSync(tlsDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
