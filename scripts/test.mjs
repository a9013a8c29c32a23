// `npm test`: lint, the type-check, unit + integration tests (Vitest, with domain coverage), end-to-end
// tests (Playwright in Debian's Chromium). Lint keeps one core busy for about three minutes: the other
// core takes the type-check and then Vitest (two workers), so that neither core waits while the other
// finishes (docs/decisions/020). Every step runs; the exit code says whether all passed.
import { runSteps } from './run-steps.mjs';

process.exit(
  await runSteps([
    {
      parallel: [
        { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
        {
          sequence: [
            { name: 'type-check', command: 'node', args: ['scripts/typecheck.mjs'] },
            {
              name: 'PDF tools for the tests (poppler-utils)',
              command: 'node',
              args: ['scripts/ensure-poppler.mjs'],
            },
            {
              name: 'unit and integration tests',
              command: 'npx',
              args: ['vitest', 'run', '--coverage', '--project', '!faults'],
            },
          ],
        },
      ],
    },
    { name: 'end-to-end tests', command: 'npm', args: ['run', 'test:e2e', '--silent'] },
  ]),
);
