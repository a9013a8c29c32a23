import { afterEach, beforeEach, vi } from 'vitest';

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
