import type { CalendarDate, PaymentDueDayRule } from '@portal/domain';
import type { Transaction } from '../../db/client';
import { newPublicId } from '../../lib/public-id';
import { planById, type PlanRow } from '../benefits/service';
import {
  insertMember,
  memberByExchangeId,
  updateMemberFacts as updateMemberRecord,
  type MemberFacts,
  type NewMember,
} from '../member/service';
import { TransactionRejected, type Enrollment834, type MemberLoop, type ReportingCategories } from './map834';

/**
 * What the 834 maintenance types share when they apply a set (apply.ts chooses which applies): the
 * import's context, the outcome of a set, its rejection at a segment, the plan and amounts a set reports,
 * and a member loop's member record.
 */

export interface ApplyContext {
  today: CalendarDate;
  dueRule: PaymentDueDayRule;
  actor: { subject: string; role: string };
  fileName: string;
  interchange: string;
  /** Demo mode: an imported subscriber gets a consumer account with the demo password (README "Import an 834"). */
  demoPassword: string | null;
  /**
   * Read once per import, so that a set costs fewer round trips (bench/enrollment-834.mjs): the plan
   * catalogue as the import finds it (an import never changes plans), and the subscribers that may have held
   * sets — those held before the import, and every one held during it (a superset: a held row rolled back
   * with its savepoint only costs a look that finds nothing).
   */
  cache?: { plans: Map<string, PlanRow | null>; heldSubscribers: Set<string> };
}

export interface Applied {
  outcome: 'applied' | 'held';
  policyId: string | null;
  created: number;
  updated: number;
  terminated: number;
  /** For a 030 audit: what differs from the records. */
  differences?: string[];
}

export const ageOn = (dob: string, day: string): number => {
  let age = Number(day.slice(0, 4)) - Number(dob.slice(0, 4));
  if (day.slice(5) < dob.slice(5)) age -= 1;
  return Math.max(0, Math.min(130, age));
};

export const yearEnd = (day: string) => `${day.slice(0, 4)}-12-31`;

export function rejectAt(segment: number, reason: string, tag = 'INS'): never {
  throw new TransactionRejected({
    segment: { tag, elements: [], position: segment, positionInSet: 0 },
    reason,
  });
}

export async function planFor(tx: Transaction, ctx: ApplyContext, member: MemberLoop) {
  const coverage = member.coverage;
  if (!coverage?.planId)
    rejectAt(coverage?.segment ?? member.segment, 'the coverage has no REF*CE HIOS plan id', 'HD');
  let plan = ctx.cache?.plans.get(coverage.planId);
  if (plan === undefined) {
    plan = await planById(tx, coverage.planId);
    ctx.cache?.plans.set(coverage.planId, plan ?? null);
  }
  if (!plan)
    rejectAt(coverage.planSegment ?? coverage.segment, `unknown HIOS plan id ${coverage.planId}`, 'REF');
  if (plan.lineOfCoverage !== coverage.line)
    rejectAt(
      coverage.segment,
      `plan ${plan.id} is ${plan.lineOfCoverage}, the HD line is ${coverage.line}`,
      'HD',
    );
  return plan;
}

/** The premium and subsidies a set reports (2750 loops), with the TOT RES AMT's remainder as another subsidy. */
export function amountsOf(
  enrollment: Enrollment834,
  fallback?: { premium: number; aptc: number; csr: number; other: number },
) {
  const reporting: ReportingCategories = enrollment.subscriber.reporting;
  const memberPremiums = enrollment.members.flatMap((m) =>
    m.reporting.memberPremiumCents ? [m.reporting.memberPremiumCents.value] : [],
  );
  const everyMember = memberPremiums.length > 0 && memberPremiums.length === enrollment.members.length;
  const premium =
    reporting.totalPremiumCents?.value ??
    (everyMember ? memberPremiums.reduce((sum, value) => sum + value, 0) : undefined) ??
    fallback?.premium;
  if (premium === undefined)
    rejectAt(
      enrollment.subscriber.segment,
      'no PRE AMT TOT (nor PRE AMT 1 for every member): the premium is unknown',
      'N1',
    );
  const aptc = reporting.aptcCents?.value ?? fallback?.aptc ?? 0;
  const csr = reporting.csrCents?.value ?? fallback?.csr ?? 0;
  const responsible = reporting.totalResponsibleCents?.value;
  const other =
    responsible === undefined ? (fallback?.other ?? 0) : Math.max(0, premium - aptc - responsible);
  if (aptc + other > premium)
    rejectAt(
      reporting.aptcCents?.segment ?? enrollment.subscriber.segment,
      `APTC AMT ${String(aptc / 100)} is more than the premium ${String(premium / 100)}`,
      'REF',
    );
  return { premium, aptc, csr, other };
}

/** A member by the exchange's member id, inserted when new (its facts updated when known). */
export async function upsertMember(
  tx: Transaction,
  householdId: string,
  member: MemberLoop,
  isSubscriber: boolean,
): Promise<{ id: string; created: boolean }> {
  const existing = await memberByExchangeId(tx, member.memberId ?? '');
  if (existing) {
    await updateMemberFacts(tx, existing.id, member);
    return { id: existing.id, created: false };
  }
  return { id: await insertMember(tx, newMemberRow(householdId, member, isSubscriber)), created: true };
}

/** A new member's row; one without a name or birth date is rejected. */
export function newMemberRow(householdId: string, member: MemberLoop, isSubscriber: boolean): NewMember {
  if (!member.firstName || !member.lastName || !member.dob)
    rejectAt(member.segment, 'a new member needs NM1*IL name and DMG date of birth');
  return {
    householdId,
    folderId: newPublicId('memberFolder'),
    exchangeMemberId: member.memberId,
    firstName: member.firstName,
    middleName: member.middleName,
    lastName: member.lastName,
    dob: member.dob,
    ssnLast4: member.ssnLast4,
    gender: member.gender ?? 'other',
    tobacco: member.tobacco ?? false,
    email: isSubscriber ? member.email : null,
  };
}

export async function updateMemberFacts(
  tx: Transaction,
  memberId: string,
  member: MemberLoop,
): Promise<boolean> {
  const facts: MemberFacts = {
    ...(member.firstName ? { firstName: member.firstName } : {}),
    ...(member.lastName ? { lastName: member.lastName } : {}),
    ...(member.middleName ? { middleName: member.middleName } : {}),
    ...(member.dob ? { dob: member.dob } : {}),
    ...(member.ssnLast4 ? { ssnLast4: member.ssnLast4 } : {}),
    ...(member.gender ? { gender: member.gender } : {}),
    ...(member.tobacco === null ? {} : { tobacco: member.tobacco }),
    ...(member.subscriber && member.email ? { email: member.email } : {}),
  };
  return updateMemberRecord(tx, memberId, facts);
}
