import type * as Contracts from '@portal/contracts';

/**
 * Every file of `@portal/contracts` that the package's index re-exports (docs/decisions/033, "The schemas in
 * pieces"). The build puts them in a few chunks of a few files each, by the layer of their imports among
 * themselves (vite.config.ts); evaluating a chunk builds its schemas. Imported in that order, each chunk's
 * evaluation finds the chunks it imports already built: a short task each instead of one of 230-450 ms at a
 * phone's speed.
 */
const PIECES = import.meta.glob([
  '../../../../packages/contracts/src/*.ts',
  '!../../../../packages/contracts/src/index.ts',
  '!../../../../packages/contracts/src/*.test.ts',
  '!../../../../packages/contracts/src/issuer-events-reference.ts',
]);

const fileOf = (key: string): string => key.split('/').pop() ?? key;
const order = (file: string): number => {
  const at = __CONTRACT_PIECE_ORDER__.indexOf(file);
  return at === -1 ? __CONTRACT_PIECE_ORDER__.length : at;
};
const ORDERED = Object.entries(PIECES).sort(([a], [b]) => order(fileOf(a)) - order(fileOf(b)));

/** The file names of the pieces (a test holds them to the package's index). */
export const CONTRACT_PIECE_FILES: readonly string[] = ORDERED.map(([key]) => fileOf(key));

/** Lets the browser run other tasks (input, rendering) before the next piece is built. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Builds the contract schemas in pieces, then returns the package's index (whose own evaluation, once every
 * file it re-exports has run, only collects their exports). zod's own module is evaluated with the first
 * piece (it is not imported on its own: as an entry of its own it would keep every export of zod, its locales
 * too). A file whose chunk is already in resolves at once; each chunk is one request, one after the other.
 */
export async function buildContractsInPieces(): Promise<typeof Contracts> {
  for (const [, load] of ORDERED) {
    await load();
    await yieldToMain();
  }
  return import('@portal/contracts');
}
