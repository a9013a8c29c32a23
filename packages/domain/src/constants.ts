/**
 * Business constants and limits (SPEC §8 and §9) that are not owned by a more specific module.
 * Live values come from configuration where SPEC says so; these are the documented defaults.
 */

/** SPEC §9: server data is refreshed in the background every 4 minutes. */
export const BACKGROUND_REFRESH_MS = 4 * 60 * 1000;

/** SPEC §8/§9: a snackbar message shows for 3 seconds by default. */
export const SNACKBAR_DURATION_MS = 3000;

/** SPEC §2/§9: layout breakpoints and fixed sizes, in CSS pixels. */
export const LAYOUT = {
  /** Below this width the layout is mobile and the side menu collapses. */
  mobileBelowPx: 959,
  /** Below this width the footer bar hides the notifications button and language-assistance link. */
  narrowBelowPx: 599,
  headerHeightPx: 64,
  /** The idle warning dialog is at most this wide and this high. */
  idleDialogMaxPx: 500,
} as const;

/** SPEC §2: whether a viewport `widthPx` wide gets the mobile layout (strictly below 959 px). */
export function isMobileLayout(widthPx: number): boolean {
  return widthPx < LAYOUT.mobileBelowPx;
}

/** SPEC §2: whether the footer bar hides its last two items at `widthPx` (strictly below 599 px). */
export function isNarrowLayout(widthPx: number): boolean {
  return widthPx < LAYOUT.narrowBelowPx;
}

/** SPEC §9: API versions and fixed ids. */
export const API = {
  householdVersion: 410,
  memberVersion: 2,
  notificationDrawerId: 620,
} as const;

/** SPEC §9: the sign-in timeout factor. */
export const SIGN_IN_TIMEOUT_FACTOR = 0;

/**
 * SPEC §9 sample configuration, with money in cents (1 and 100 dollars). Real production values
 * are the tenant's; these are the baseline defaults.
 */
export const SAMPLE_CONFIGURATION = {
  maxAutopayAllowed: 1,
  maxScheduledPaymentsAllowed: 3,
  minAllowedPayment: 100,
  maxAllowedPayment: 10_000,
  terminatedPlansDaysOut: 35,
  numberOfAddDependents: 3,
  exchangeIdLength: 10,
  deathDateWindowMonths: 5,
  languages: ['en', 'es'],
  defaultLanguage: 'en',
  paymentTypes: ['CheckingOrSavings', 'CardPayments'],
  appropriateLinkedChildType: 270000,
  linkAccountSearchableField: 'SSN',
} as const;

/** SPEC §9: translation keys of the paginator labels. */
export const PAGINATOR_LABEL_KEYS = { itemsPerPage: 'items-per-page', range: 'x - y of z' } as const;

/** SPEC §9: the numbers of a paginator's "x - y of z" label. */
export interface PaginatorRange {
  /** 1-based first item shown (0 when nothing is shown). */
  readonly from: number;
  /** 1-based last item shown. */
  readonly to: number;
  readonly total: number;
}

/**
 * SPEC §9 "x - y of z" for page `pageIndex` (0-based) of `pageSize` items out of `total`:
 * page 0 of 10 out of 25 → 1 - 10 of 25; page 2 → 21 - 25 of 25; nothing to show → 0 - 0 of z.
 */
export function paginatorRange(pageIndex: number, pageSize: number, total: number): PaginatorRange {
  const count = Math.max(0, total);
  const start = Math.max(0, pageIndex) * Math.max(0, pageSize);
  if (count === 0 || pageSize <= 0 || start >= count) return { from: 0, to: 0, total: count };
  return { from: start + 1, to: Math.min(start + pageSize, count), total: count };
}
