// The build's freshness (issue 40, defect 7): `npm start`, `npm run jobs`, `npm run seed` and
// `npm run keys` build only what is missing or older than its sources, instead of rebuilding before
// every start. A build is current when its output exists and is newer than every file it is made from
// (and than package-lock.json: a changed dependency may change it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each build is made from, and the file whose age says when it was made. */
export const BUILDS = {
  server: {
    workspace: '@portal/server',
    output: 'apps/server/dist/server.js',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'packages/domain/src',
      'packages/contracts/src',
      'package-lock.json',
    ],
  },
  web: {
    workspace: '@portal/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/domain/src',
      'packages/contracts/src',
      'package-lock.json',
    ],
  },
};

/** The newest modification time (ms) of a file, or of any file under a folder; 0 when nothing is there. */
export function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Whether `build` (one of BUILDS) must be made again under `root`: its output is missing or older than an input. */
export function isStale(build, root = repoRoot) {
  const output = fs.statSync(path.join(root, build.output), { throwIfNoEntry: false });
  if (!output) return true;
  return build.inputs.some((input) => newestMtime(path.join(root, input)) > output.mtimeMs);
}
