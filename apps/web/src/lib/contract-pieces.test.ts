import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Contracts from '@portal/contracts';
import { buildContractsInPieces, CONTRACT_PIECE_FILES } from './contract-pieces';

// docs/decisions/033: the schemas are built file by file. A file the index re-exports but the pieces miss
// would be built with the index, in the last piece: still correct, but one long task again.

describe('the contract schemas in pieces', () => {
  it('has a piece for every file the contracts index re-exports', () => {
    const index = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../packages/contracts/src/index.ts'),
      'utf8',
    );
    const reExported = [...index.matchAll(/from '\.\/([^']+)'/g)].map((match) => `${match[1] as string}.ts`);
    expect(reExported.length).toBeGreaterThan(40);
    expect(reExported.filter((file) => !CONTRACT_PIECE_FILES.includes(file))).toEqual([]);
  });

  it('gives the same module as importing the contracts at once', async () => {
    const built = await buildContractsInPieces();
    expect(built.MakePaymentRequestSchema).toBe(Contracts.MakePaymentRequestSchema);
    expect(Object.keys(built).sort()).toEqual(Object.keys(Contracts).sort());
  });
});
