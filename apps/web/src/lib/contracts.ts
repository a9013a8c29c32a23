import type * as Contracts from '@portal/contracts';

export type ContractsModule = typeof Contracts;

let loading: Promise<ContractsModule> | null = null;
let loaded: ContractsModule | null = null;

/**
 * The contract schemas (zod) load as their own chunk, once something needs them — a form, an answer
 * after the first page, the configuration check — instead of on the first page's path: zod and the
 * schemas weigh about 45 KB gzip, more than a quarter of the first page's budget (bench/first-load.mjs,
 * docs/decisions/033). Answers that arrive before the first page is shown are checked against the
 * contract after the fact (lib/api.ts); every later answer is parsed before use.
 */
export function loadContracts(): Promise<ContractsModule> {
  loading ??= import('./contract-pieces')
    .then(({ buildContractsInPieces }) => buildContractsInPieces())
    .then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // A network that dropped: the next caller tries again rather than failing for the rest of the visit.
        loading = null;
        throw error;
      },
    );
  return loading;
}

/** The schemas if they have loaded already, without loading them. */
export const loadedContracts = (): ContractsModule | null => loaded;

/** Tests: back to a visit that has not loaded the schemas (the web tests share modules across files). */
export function forgetContracts(): void {
  loading = null;
  loaded = null;
}
