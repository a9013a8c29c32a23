import { afterEach, beforeEach, vi } from 'vitest';

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
