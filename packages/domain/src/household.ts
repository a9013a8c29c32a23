/**
 * Household lookup (SPEC §5 "Household search expects one household").
 */

/** SPEC §5: result of {@link pickHousehold}: the household used and what was unexpected about the search. */
export interface HouseholdPick<T> {
  readonly household: T | null;
  /** `none` or `several` should be logged by the caller; `null` when exactly one was found. */
  readonly issue: 'none' | 'several' | null;
}

/**
 * SPEC §5: a household search expects one household; none or several are only logged (the caller
 * logs `issue`) and the first is used.
 */
export function pickHousehold<T>(households: readonly T[]): HouseholdPick<T> {
  const [first] = households;
  if (first === undefined) return { household: null, issue: 'none' };
  return { household: first, issue: households.length > 1 ? 'several' : null };
}
