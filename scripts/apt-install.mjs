// Installs Debian packages the tests need, as root. Another apt or dpkg run on the machine (a second test
// run, a developer's own install, unattended upgrades) holds apt's locks for a while: wait for them
// (`DPkg::Lock::Timeout` covers dpkg's locks, and the whole command is tried again while apt says it could
// not get a lock) instead of failing the test run. Returns whether the install succeeded.
import { spawnSync } from 'node:child_process';

const LOCK_WAIT_SECONDS = 600;
const RETRY_PAUSE_MS = 10_000;

export function aptInstall(packages) {
  const command =
    `apt-get -o DPkg::Lock::Timeout=${LOCK_WAIT_SECONDS} update -qq && ` +
    `DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=${LOCK_WAIT_SECONDS} install -y -qq ${packages.join(' ')}`;
  const deadline = Date.now() + LOCK_WAIT_SECONDS * 1000;
  for (;;) {
    const result = spawnSync('/bin/sh', ['-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (result.status === 0) return true;
    const stderr = result.stderr ?? '';
    if (!/Could not get lock|Unable to acquire|Unable to lock/i.test(stderr) || Date.now() > deadline) {
      process.stderr.write(stderr);
      return false;
    }
    console.log('apt is busy with another install: waiting for it…');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_PAUSE_MS);
  }
}
