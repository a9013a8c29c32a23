// What CI runs after `npm ci` (see .ci/run): the README's test command on the machine's Node 20 (lint,
// type-check, unit tests, the integration suite on the embedded database, the end-to-end journeys), then
// every Vitest suite again on Node 24 LTS with the integration suite on the machine's PostgreSQL, then the
// fleet harness (`npm run fleet`, decision 049) on Node 24.
// `node scripts/ci.mjs --plan` prints the steps as JSON without running them.
import path from 'node:path';
import { ensureRuntime, installCommand, runtimeEnv } from './node-runtime.mjs';
import { runSteps } from './run-steps.mjs';

const SECOND_RUNTIME = 24;
/** The Vitest projects whose code runs in Node (vitest.config.ts); `web` runs in jsdom. */
const SERVER_SIDE_PROJECTS = ['domain', 'contracts', 'server', 'faults', 'tooling'];
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function ciSteps() {
  const node24 = runtimeEnv(SECOND_RUNTIME);
  return [
    // On the embedded database: .ci/run names the PostgreSQL server for the pass below, and the tests would
    // otherwise take it from the environment and never run the integration suite on PGlite in CI.
    { name: 'npm test: lint, type-check, unit and integration tests, end-to-end tests', command: 'npm', args: ['test'], env: { TEST_DATABASE_URL: '' } },
    // The PostgreSQL suite runs once, on Node 24 (the runtime production pairs with PostgreSQL), with the
    // unit suites: a third pass (PostgreSQL on Node 20) found nothing the two others did not and cost about
    // 4 minutes of a CI that must stay under 30 (docs/decisions/020). The embedded database still runs on
    // Node 24 in it: the start and durability tests spawn the real server on PGlite with this runtime. No
    // coverage here: the thresholds are checked on the first run; this one is about the runtime.
    // The web project is not run again here: its tests run in jsdom on the page code, which the runtime
    // does not change, and they cost about two minutes of a CI that must stay under 30 (docs/decisions/020).
    {
      name: `PostgreSQL integration suite and the server-side unit suites, on Node ${SECOND_RUNTIME}`,
      command: 'npx',
      // Three workers: on PostgreSQL the tests wait on round trips to the server, and two workers left the
      // machine a quarter idle (the server project alone: 206-208 s with two, 181-183 s with three; inside a
      // whole CI run the pass took 164 s with two and 163 s with three: decision 020).
      args: ['vitest', 'run', '--maxWorkers=3', ...SERVER_SIDE_PROJECTS.flatMap((project) => ['--project', project])],
      env: { ...node24, TEST_DATABASE_URL: testDatabaseUrl },
    },
    // The fleet harness (issue 40, decision 049): two built instances and a job runner behind HAProxy on a
    // PostgreSQL and a Redis of its own, broken on purpose under load (SIGKILL, SIGTERM, PostgreSQL and
    // Redis stopped, two starting at once). About two minutes on two cores; the build is current by now.
    { name: `Fleet harness (npm run fleet) on Node ${SECOND_RUNTIME}`, command: 'npm', args: ['run', 'fleet', '--', '--no-record'], env: node24 },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  if (process.argv.includes('--plan')) {
    console.log(JSON.stringify({ secondRuntime: { major: SECOND_RUNTIME, install: installCommand(SECOND_RUNTIME) }, steps: ciSteps() }, null, 2));
  } else {
    console.log(`Node ${SECOND_RUNTIME} for CI: ${ensureRuntime(SECOND_RUNTIME)}`);
    process.exit(await runSteps(ciSteps()));
  }
}
