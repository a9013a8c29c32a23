import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE_MAJOR, unsupportedNode } from './node-runtime';
import { repoRoot } from './settings';

/** Decision 048: Node 24 LTS is the floor; the server, the job runner, seed and migrate refuse anything older. */
describe('the Node.js floor', () => {
  it('refuses Node 20 and 22 with what to do, and takes 24 and later', () => {
    expect(unsupportedNode('20.20.2')).toMatch(
      /This is Node\.js v20\.20\.2; the portal needs Node\.js 24 or newer/,
    );
    expect(unsupportedNode('v22.12.0')).toMatch(/npx node/);
    expect(unsupportedNode('24.0.0')).toBeNull();
    expect(unsupportedNode('26.1.0')).toBeNull();
    expect(unsupportedNode(process.versions.node)).toBeNull();
  });

  it("is package.json's engines", () => {
    const { engines } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(engines.node).toBe(`>=${String(MINIMUM_NODE_MAJOR)}`);
  });
});
