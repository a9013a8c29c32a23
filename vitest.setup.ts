import { afterAll, afterEach, beforeEach, vi } from 'vitest';

// CI runs the suites a second time on Node 24 (scripts/ci.mjs): make sure they really ran there.
const expectedNodeMajor = process.env.PORTAL_EXPECTED_NODE_MAJOR;
if (expectedNodeMajor && process.versions.node.split('.')[0] !== expectedNodeMajor) {
  throw new Error(`These tests were meant to run on Node ${expectedNodeMajor}, but this is Node ${process.versions.node}.`);
}

// A console.error or console.warn during a test is a bug the test did not assert on: fail it.
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) {
    const lines = unexpected.join('\n');
    unexpected = [];
    throw new Error(`Unexpected console output during the test:\n${lines}`);
  }
});

// node-postgres warns, once per process, when a statement is sent on a connection still running another:
// reads made "at once" (Promise.all) inside a transaction. pg 9 will refuse them (apps/server/src/db/client.ts
// readTogether). Seen only on PostgreSQL (CI's second pass): fail the file during which it warned.
let queuedStatement: Error | null = null;
const onWarning = (warning: Error) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) queuedStatement = warning;
};
process.on('warning', onWarning);
afterAll(() => {
  process.off('warning', onWarning);
  if (queuedStatement) {
    const { message } = queuedStatement;
    queuedStatement = null;
    throw new Error(`A transaction sent a statement while its connection ran another (use readTogether): ${message}`);
  }
});
