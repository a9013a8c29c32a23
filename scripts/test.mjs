// `npm test`: lint and the type-check (at once: each keeps one core busy), unit + integration tests
// (Vitest, with domain coverage), end-to-end tests (Playwright in Debian's Chromium). Every step runs;
// the exit code says whether all passed.
import { runSteps } from './run-steps.mjs';

process.exit(
  await runSteps([
    {
      parallel: [
        { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
        { name: 'type-check', command: 'node', args: ['scripts/typecheck.mjs'] },
      ],
    },
    { name: 'PDF tools for the tests (poppler-utils)', command: 'node', args: ['scripts/ensure-poppler.mjs'] },
    { name: 'unit and integration tests', command: 'npx', args: ['vitest', 'run', '--coverage'] },
    { name: 'end-to-end tests', command: 'npm', args: ['run', 'test:e2e', '--silent'] },
  ]),
);
