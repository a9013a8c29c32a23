/**
 * Rules for adding and removing dependents (SPEC §5 "Dependents", SPEC §9 sample configuration).
 */
import { addMonths, isDateWithin } from './calendar-date';
import type { CalendarDate } from './calendar-date';

/** SPEC §5, §9: configured dependent rules. */
export interface DependentRules {
  /** Exact length of an exchange member/subscriber ID. */
  readonly exchangeIdLength: number;
  /** Most dependents added in one request. */
  readonly numberOfAddDependents: number;
  /** For a death reason, how many months back the date may go. */
  readonly deathDateWindowMonths: number;
}

/** SPEC §5/§9 sample values: exchange ID length 10, at most 3 at once, death window 5 months. */
export const SAMPLE_DEPENDENT_RULES: DependentRules = {
  exchangeIdLength: 10,
  numberOfAddDependents: 3,
  deathDateWindowMonths: 5,
};

/**
 * SPEC §5: an exchange ID must have exactly the configured length (sample 10), letters and digits
 * only (surrounding spaces ignored).
 */
export function isValidExchangeId(
  exchangeId: string,
  rules: Pick<DependentRules, 'exchangeIdLength'>,
): boolean {
  const trimmed = exchangeId.trim();
  return trimmed.length === rules.exchangeIdLength && /^[A-Za-z0-9]+$/.test(trimmed);
}

/** SPEC §5: whether `count` dependents may be added in one request (at least 1, at most the configured number). */
export function canAddDependentsAtOnce(
  count: number,
  rules: Pick<DependentRules, 'numberOfAddDependents'>,
): boolean {
  return Number.isInteger(count) && count >= 1 && count <= rules.numberOfAddDependents;
}

/** SPEC §5: an inclusive range of allowed dates. */
export interface DateWindow {
  readonly earliest: CalendarDate;
  readonly latest: CalendarDate;
}

/**
 * SPEC §5: for a death reason the add/remove date is limited to the period from N months ago
 * (sample 5) to today, inclusive. Month ends are capped: 2024-07-31 gives earliest 2024-02-29.
 */
export function deathReasonDateWindow(
  today: CalendarDate,
  rules: Pick<DependentRules, 'deathDateWindowMonths'>,
): DateWindow {
  return { earliest: addMonths(today, -rules.deathDateWindowMonths), latest: today };
}

/** SPEC §5: whether `date` is allowed for a death reason (see {@link deathReasonDateWindow}). */
export function isWithinDeathReasonWindow(
  date: CalendarDate,
  today: CalendarDate,
  rules: Pick<DependentRules, 'deathDateWindowMonths'>,
): boolean {
  const window = deathReasonDateWindow(today, rules);
  return isDateWithin(date, window.earliest, window.latest);
}

/** SPEC §5: the fields that identify the same dependent. */
export const DEPENDENT_MATCH_FIELDS = ['memFolderId', 'exchangeId', 'relationship'] as const;

/** The identifying fields of a dependent (SPEC §5 matching criteria). */
export type DependentIdentity = Readonly<
  Partial<Record<(typeof DEPENDENT_MATCH_FIELDS)[number], string | number | null>>
>;

/**
 * SPEC §5 matching criteria: two dependents are the same when memFolderId, exchangeId and
 * relationship are all present on both and equal (relationship ignoring case and spaces around it).
 * A missing field never matches, so two half-filled records are not taken for one person.
 */
export function isSameDependent(a: DependentIdentity, b: DependentIdentity): boolean {
  return DEPENDENT_MATCH_FIELDS.every((field) => {
    const left = a[field];
    const right = b[field];
    if (left == null || right == null) return false;
    const normalise = (value: string | number): string =>
      field === 'relationship' ? String(value).trim().toLowerCase() : String(value).trim();
    const normalisedLeft = normalise(left);
    return normalisedLeft !== '' && normalisedLeft === normalise(right);
  });
}
