import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** Tests that stop, kill and restart servers of their own (see the `faults` project). */
const FAULT_TESTS = 'test/**/*.fault.test.ts';

// One Vitest run covers every workspace; each project keeps its own environment.
// Playwright specs live in e2e/ and are run by Playwright, never by Vitest.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one file at a time, while the
    // main process mostly waits. Two workers there took the suite from 6.7 to 4.1 minutes.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, FAULT_TESTS],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Test files share each worker's module graph: importing the whole server again for every file
          // cost 1.5-2 s a file. Nothing here mocks modules, and each file builds its own app and database.
          isolate: false,
        },
      },
      {
        // The fault tests (issue 40) start PostgreSQL and Redis servers of their own and stop, kill and restart
        // them under load; they need the machine's PostgreSQL and Redis binaries, not its servers. CI runs them
        // once, in the PostgreSQL pass (scripts/ci.mjs), and `npm test` leaves them out (docs/decisions/020, 17).
        test: {
          name: 'faults',
          root: './apps/server',
          include: [FAULT_TESTS],
          environment: 'node',
          setupFiles: ['../../vitest.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'tooling',
          root: './tools',
          include: ['**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../vitest.setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      reporter: ['text-summary', 'text'],
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      thresholds: {
        'packages/domain/src/**': { lines: 95, branches: 95, functions: 95, statements: 95 },
      },
    },
  },
});
