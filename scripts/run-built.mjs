// `node scripts/run-built.mjs <server|jobs|seed|keys|migrate> [args…]`: what `npm start`, `npm run jobs`,
// `npm run seed`, `npm run keys` and `npm run migrate` run. Builds the server bundle (and, to serve it, the web app) only
// when it is missing or older than its sources (scripts/built.mjs), then runs apps/server/dist/<entry>.js
// in this very process — signals reach the server directly, and nothing is rebuilt on a plain restart.
// An image without build tools runs `node apps/server/dist/<entry>.js` itself.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILDS, isStale, repoRoot } from './built.mjs';

const ENTRIES = new Set(['server', 'jobs', 'seed', 'keys', 'migrate', 'enrollment']);
const [entry, ...args] = process.argv.slice(2);
if (!ENTRIES.has(entry)) {
  console.error(`usage: node scripts/run-built.mjs <${[...ENTRIES].join('|')}> [arguments]`);
  process.exit(2);
}

// Only the server serves the web app; the commands need the server bundle alone.
// The server build makes every entry at once; the one to run is the output that must be current.
const serverBuild = { ...BUILDS.server, output: `apps/server/dist/${entry}.js` };
const needed = entry === 'server' ? [BUILDS.web, serverBuild] : [serverBuild];
for (const build of needed) {
  if (!isStale(build)) continue;
  // The commands print to stdout (`npm run keys > fleet.env`): what the build says goes to stderr.
  console.error(
    `Building ${build.workspace} (${path.relative(repoRoot, path.join(repoRoot, build.output))} is missing or older than its sources)…`,
  );
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace, '--silent'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The entry reads its arguments from process.argv, as when it is run with `node dist/<entry>.js …`.
process.argv = [process.argv[0], path.join(repoRoot, `apps/server/dist/${entry}.js`), ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(repoRoot, `apps/server/dist/${entry}.js`)).href);
