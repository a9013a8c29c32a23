import type { CalendarDate, Cents, HraDiscount } from '@portal/domain';
import type { PaymentMethod, PaymentPlan } from './billing';
import type { SeedContext } from './context';
import type { Random } from './random';
import type { LineOfCoverage, Market, PlanKey, Variant } from './reference/plans';
import type { SeedRows } from './rows';

/** Shapes shared by the household and policy builders (types only). */

export type Relationship = 'self' | 'spouse' | 'child' | 'domesticPartner' | 'stepchild' | 'ward' | 'other';
export type Gender = 'female' | 'male' | 'other';

export interface PersonSpec {
  readonly firstName: string;
  readonly middleName?: string | null;
  readonly lastName: string;
  readonly dob: CalendarDate;
  readonly gender: Gender;
  readonly relationship: Relationship;
  readonly email?: string | null;
  /** Recorded, but never a rating factor in Massachusetts. */
  readonly tobacco?: boolean;
}

export interface MemberInfo extends PersonSpec {
  readonly id: string;
  readonly slot: number;
  readonly folderId: string;
  readonly exchangeMemberId: string | null;
}

/** A saved (or one-off) payment method: only the processor token and display facts. */
export interface Instrument {
  readonly token: string;
  readonly method: PaymentMethod;
  readonly lastDigits: string;
  readonly brand: string;
}

/** One period of coverage with one plan and one set of members; split into spans per plan year. */
export interface SegmentSpec {
  /** First day of a month. */
  readonly start: CalendarDate;
  /** Last day of a month. */
  readonly end: CalendarDate;
  readonly plan: PlanKey;
  readonly variant: Variant;
  /** Member slots covered (0 = the subscriber). */
  readonly slots: readonly number[];
  /** The span never took effect (DOMAIN "Coverage span"). */
  readonly cancelled?: boolean;
  /** Household income in % of the poverty level when it changes with this segment (APTC). */
  readonly fplPercent?: number;
}

export interface GroupInfo {
  readonly id: string;
  readonly groupNumber: string;
  readonly contributionPercent: number;
}

export interface ReinstatementSpec {
  readonly status: 'Eligible' | 'Manual' | 'NotEligible';
  readonly expirationDate: CalendarDate | null;
}

export interface PolicySpec {
  /** Suffix of the policy number (01 medical, 02 dental, 03 vision …). */
  readonly sequence: number;
  readonly subscriberSlot: number;
  readonly line: LineOfCoverage;
  readonly market: Market;
  readonly onExchange: boolean;
  readonly enrollmentType: 'New' | 'Renewal' | 'SpecialEnrollment' | 'Reinstatement';
  readonly segments: readonly SegmentSpec[];
  /** Household income (% FPL) for APTC; absent = no APTC. */
  readonly fplPercent?: number;
  /** Massachusetts ConnectorCare-style state premium help, as a share of what APTC leaves. */
  readonly stateWrapShare?: number;
  readonly group?: GroupInfo;
  readonly hra?: HraDiscount;
  readonly brokerId?: string | null;
  readonly payment: PaymentPlan;
  readonly autopay?: boolean;
  /** Pending one-time payments for the coming months (at most 3, SPEC §9). */
  readonly scheduledAhead?: number;
  readonly termination?: {
    readonly reason: 'non-payment' | 'voluntary';
    readonly reinstatement?: ReinstatementSpec;
  };
}

/** What a policy needs from the household it belongs to. */
export interface PolicyHost {
  readonly ctx: SeedContext;
  readonly rng: Random;
  readonly number: number;
  readonly householdId: string | null;
  readonly areaFactor: number;
  /** Tax-household size, for the poverty level. */
  readonly householdSize: number;
  readonly rows: SeedRows;
  readonly residentialAddressId: string;
  readonly mailingAddressId: string | null;
  member(slot: number): MemberInfo;
  instrument(method: PaymentMethod): Instrument;
}

export interface DocumentRef {
  readonly id: string;
  readonly subtype: string;
  readonly date: CalendarDate;
  readonly amountDue?: Cents | null;
}

/** What the household needs back from a policy to write its notifications. */
export interface PolicyOutcome {
  readonly id: string;
  readonly policyNumber: string;
  readonly enrollmentStatus: 'Active' | 'Pending' | 'Terminated' | 'Cancelled';
  readonly financeStatus: 'Current' | 'PastDue' | 'GracePeriod' | 'Delinquent' | 'Terminated' | 'Binder';
  readonly invoices: readonly DocumentRef[];
  readonly notices: readonly DocumentRef[];
  readonly taxForms: readonly DocumentRef[];
  readonly lastPayment: { readonly date: CalendarDate; readonly amount: Cents } | null;
  readonly failedPayment: { readonly date: CalendarDate; readonly amount: Cents } | null;
  readonly scheduled: readonly { readonly date: CalendarDate; readonly amount: Cents }[];
  readonly autopayStart: CalendarDate | null;
  readonly amountDue: Cents;
}
