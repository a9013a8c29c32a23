// Type-checks every workspace with its own compiler settings (DOM for the web, Node for the server).
import { spawnSync } from 'node:child_process';

const projects = ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web', 'e2e', 'tools', '.'];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
console.log(failed ? 'type-check: errors found' : `type-check: ${projects.length} projects, no errors`);
process.exit(failed ? 1 : 0);
