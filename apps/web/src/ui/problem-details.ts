import { isApiError } from '../lib/api';

/** The field code of a refusal's first field error (`no-change`, `report-to-exchange`, …). */
export function ruleOf(error: unknown): string | undefined {
  return isApiError(error) ? error.problem?.errors?.[0]?.code : undefined;
}

/** A 409 `conflict`'s record as it is now (packages/contracts problem.ts `current`), or undefined. */
export function conflictCurrent(error: unknown): Record<string, unknown> | undefined {
  return isApiError(error) && error.status === 409 && error.type === 'urn:portal:problem:conflict' ? error.problem?.current : undefined;
}
