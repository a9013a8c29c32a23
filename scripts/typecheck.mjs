// Type-checks every workspace with its own compiler settings (DOM for the web, Node for the server), with
// TypeScript 7's native compiler (the `typescript-native` alias of typescript@7): the same checks in about
// a fifth of the time of TypeScript 6, which stays for typescript-eslint (it does not run on 7 yet) and
// editors (docs/decisions/020). Both packages name their command `tsc`, so the compiler is found by its
// package here rather than by whichever `node_modules/.bin/tsc` npm linked last.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);
const projects = ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web', 'e2e', 'tools', '.'];
let failed = false;
for (const project of projects) {
  const result = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
console.log(failed ? 'type-check: errors found' : `type-check: ${projects.length} projects, no errors`);
process.exit(failed ? 1 : 0);
