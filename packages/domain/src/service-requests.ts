/**
 * Service requests (issue 11; DOMAIN "Changes and requests"; SPEC §1 "make service requests", §4
 * "service request kept in state"): every change a member asks for is a typed request with a lifecycle.
 *
 *   Submitted ──► InReview ──► Completed
 *       │             └──────► Rejected (with a reason the member sees)
 *       ├──► Completed  (a type that needs no review: applied in the same transaction)
 *       ├──► Rejected
 *       └──► Cancelled  (by the member, while nobody has started on it)
 */

/** Every kind of change or question a member can ask for. */
export const SERVICE_REQUEST_TYPES = [
  'contact',
  'mailing-address',
  'residential-address',
  'demographics',
  'add-dependent',
  'remove-dependent',
  'report-change',
  'end-coverage',
  'change-coverage-dates',
  'reinstatement',
  'change-plan',
  'change-broker',
  'pcp',
  'additional-product',
  'general',
] as const;
export type ServiceRequestType = (typeof SERVICE_REQUEST_TYPES)[number];

export const SERVICE_REQUEST_STATUSES = [
  'Submitted',
  'InReview',
  'Completed',
  'Rejected',
  'Cancelled',
] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** The statuses a request is finished in: nothing moves it any more. */
export const FINAL_SERVICE_REQUEST_STATUSES: readonly ServiceRequestStatus[] = [
  'Completed',
  'Rejected',
  'Cancelled',
];

const MOVES: Readonly<Record<ServiceRequestStatus, readonly ServiceRequestStatus[]>> = {
  Submitted: ['InReview', 'Completed', 'Rejected', 'Cancelled'],
  InReview: ['Completed', 'Rejected'],
  Completed: [],
  Rejected: [],
  Cancelled: [],
};

/** Whether a request in status `from` may move to `to` (the lifecycle above). */
export function mayMoveServiceRequest(from: ServiceRequestStatus, to: ServiceRequestStatus): boolean {
  return MOVES[from].includes(to);
}

/** The member may cancel a request only while nobody has started on it. */
export const canCancelServiceRequest = (status: ServiceRequestStatus): boolean => status === 'Submitted';

/**
 * Types that need no review: applied in the same transaction as the request and completed at once
 * (contact details and the mailing address only change where the issuer writes to). Everything else
 * changes coverage, premiums or eligibility and waits for staff.
 */
export const APPLIED_AT_ONCE: readonly ServiceRequestType[] = ['contact', 'mailing-address'];

/**
 * What a type's review rule needs to know about one request (each type that can skip review in some
 * cases adds its own part).
 */
export interface ReviewFacts {
  /**
   * A reinstatement (issue 11): the policy's reinstatement status (SPEC §3) and whether the amount due
   * has been paid in full (a card payment; a bank payment only once it has cleared).
   */
  readonly reinstatement?: {
    readonly reinstatementStatus: 'Eligible' | 'Manual' | 'NotEligible';
    readonly amountDuePaid: boolean;
  };
  /** A primary care provider choice (issue 12): the tenant's configuration says whether it applies at once (`pcp.changesApplyAtOnce`). */
  readonly pcp?: { readonly appliesAtOnce: boolean };
}

/**
 * Whether a request waits for staff. A reinstatement needs none when its policy is Eligible and the whole
 * amount due is paid: the issuer decided in advance (the billing clock's offer) that paying restores it.
 * A Manual one, or one whose money has not arrived (a bank payment still pending), waits.
 */
export const needsReview = (type: ServiceRequestType, facts: ReviewFacts = {}): boolean => {
  if (type === 'reinstatement')
    return !(facts.reinstatement?.reinstatementStatus === 'Eligible' && facts.reinstatement.amountDuePaid);
  if (type === 'pcp') return !(facts.pcp?.appliesAtOnce ?? false);
  return !APPLIED_AT_ONCE.includes(type);
};

/**
 * A change as it matters to the exchange: what a member of an on-exchange policy must report there
 * (DOMAIN "Changes and requests"), or may ask the issuer for.
 */
export type ReportableChange =
  /** Phone numbers and e-mail. */
  | 'contact'
  /** Where the issuer sends mail. */
  | 'mailing-address'
  /** A move within the same rating area: the premium and subsidy do not change. */
  | 'residential-address-same-rating-area'
  /** A move to another rating area: the premium and the subsidy change. */
  | 'residential-address-new-rating-area'
  /** Someone joins or leaves the household (a birth, a marriage, a death, a divorce). */
  | 'household-size'
  | 'income'
  /** Name, date of birth, sex or tobacco use: the exchange's eligibility record and the premium's rating. */
  | 'demographics'
  /** The language the issuer writes in. */
  | 'language'
  | 'coverage-dates'
  | 'end-coverage'
  | 'change-plan'
  /** Paying what is owed to restore a coverage ended for non-payment: the issuer's own decision. */
  | 'reinstatement'
  | 'general';

/**
 * Changes that affect eligibility or subsidies: for an on-exchange policy the exchange decides them,
 * so the portal sends the member there instead of accepting a request the issuer cannot act on.
 */
export const EXCHANGE_REPORTED_CHANGES: readonly ReportableChange[] = [
  'residential-address-new-rating-area',
  'household-size',
  'income',
  'demographics',
  'coverage-dates',
  'end-coverage',
  'change-plan',
];

/** Who acts on a change: the issuer (a service request) or the exchange (the member reports it there). */
export type ChangeRoute = 'issuer' | 'exchange';

/**
 * Issue 11: where a change to a policy goes. On-exchange policies report changes that affect eligibility
 * or subsidies to the exchange; everything else — and every change to an off-exchange or group policy —
 * goes to the issuer as a service request.
 */
export function changeRouteFor(
  policy: { readonly offExchange: boolean; readonly marketCoverage?: number | null },
  change: ReportableChange,
): ChangeRoute {
  const onExchange = !policy.offExchange && policy.marketCoverage !== 2;
  return onExchange && EXCHANGE_REPORTED_CHANGES.includes(change) ? 'exchange' : 'issuer';
}

/**
 * {@link changeRouteFor} for a policy as the API describes it (`marketCoverage` by name): whether a change
 * goes to the issuer or must be reported to the exchange.
 */
export function changeRouteOf(
  policy: { readonly offExchange: boolean; readonly marketCoverage: 'Individual' | 'Group' | 'None' },
  change: ReportableChange,
): ChangeRoute {
  const code = policy.marketCoverage === 'Group' ? 2 : policy.marketCoverage === 'Individual' ? 1 : 0;
  return changeRouteFor({ offExchange: policy.offExchange, marketCoverage: code }, change);
}
