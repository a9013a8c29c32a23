import type * as Contracts from '@portal/contracts';

export type ContractsModule = typeof Contracts;

let loading: Promise<ContractsModule> | null = null;

/**
 * The contract schemas (zod) load as their own chunk, in parallel with the first render and the first
 * API calls, instead of delaying the first render: zod alone weighs about a quarter of the page budget
 * (bench/web-bundle-size.mjs, docs/decisions). Every answer is still parsed with them before use.
 */
export function loadContracts(): Promise<ContractsModule> {
  loading ??= import('@portal/contracts');
  return loading;
}
