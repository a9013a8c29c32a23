import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import {
  coverageSpans,
  employerGroups,
  finances,
  households,
  members,
  memberSpans,
  plans,
  policies,
} from '../../db/schema';
import { newPublicId } from '../../lib/public-id';

/**
 * Test data for the coverage module's integration tests: a small plan catalogue (2026 and 2027, individual
 * products 001/002 in every variant, group product 011, a dental plan) and policies of any shape — on or
 * off exchange, individual or group, effectuated or not, with dependents, a paid-through date and spans.
 */

type PlanInsert = typeof plans.$inferInsert;

function plan(
  id: string,
  metalLevel: PlanInsert['metalLevel'],
  monthlyPremiumCents: number,
  overrides: Partial<PlanInsert> = {},
): PlanInsert {
  const year = 2000 + Number(id.slice(10, 12));
  return {
    id,
    lineOfCoverage: 'Medical',
    planName: `Test ${metalLevel ?? ''} ${id}`,
    metalLevel,
    planType: 'HMO',
    planYear: year,
    effectiveDate: `${year}-01-01`,
    effectiveEndDate: `${year}-12-31`,
    monthlyPremiumCents,
    deductibleCents: 300_000,
    outOfPocketMaxCents: 900_000,
    drugsCovered: 'Yes',
    sbcUrl: `https://plans.example.org/sbc/${id}.pdf`,
    ...overrides,
  };
}

export const PLANS = {
  silver: '77421MA0012603-00',
  silverOnExchange: '77421MA0012603-01',
  silverCsr: '77421MA0012603-05',
  gold: '77421MA0012604-00',
  goldOnExchange: '77421MA0012604-01',
  catastrophic: '77421MA0012601-00',
  bronze: '77421MA0022602-00',
  groupGold: '77421MA0112601-00',
  groupSilver: '77421MA0112602-00',
  dental: '77421MA0042601-00',
  silver2027: '77421MA0012703-00',
  gold2027: '77421MA0012704-00',
} as const;

export async function createCatalogue(db: Database): Promise<void> {
  await db
    .insert(plans)
    .values([
      plan(PLANS.silver, 'Silver', 40_000),
      plan(PLANS.silverOnExchange, 'Silver', 40_000),
      plan(PLANS.silverCsr, 'Silver', 40_000, { deductibleCents: 50_000 }),
      plan(PLANS.gold, 'Gold', 52_000, { deductibleCents: 100_000, sbcUrl: null }),
      plan(PLANS.goldOnExchange, 'Gold', 52_000),
      plan(PLANS.catastrophic, 'Catastrophic', 27_000),
      plan(PLANS.bronze, 'Bronze', 34_000),
      plan(PLANS.groupGold, 'Gold', 50_000),
      plan(PLANS.groupSilver, 'Silver', 45_000),
      plan(PLANS.dental, 'Low', 3_000, { lineOfCoverage: 'Dental' }),
      plan(PLANS.silver2027, 'Silver', 43_000),
      plan(PLANS.gold2027, 'Gold', 56_000),
    ])
    .onConflictDoNothing();
}

export interface SpanSpec {
  startDate: string;
  endDate?: string | null;
  planId?: string;
  premiumCents?: number;
  taxCreditCents?: number;
  otherSubsidyCents?: number;
  csrCents?: number;
  effectuated?: boolean;
  cancelled?: boolean;
}

export interface PolicySpec {
  offExchange?: boolean;
  group?: boolean;
  brokerId?: string | null;
  subscriberDob?: string;
  /** Dependents' dates of birth (each a child covered like the subscriber). */
  dependents?: string[];
  spans?: SpanSpec[];
  paidThroughDate?: string | null;
}

let sequence = 0;
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(sequence += 1).toString(36)}`.toUpperCase();

export async function createCoveragePolicy(db: Database, spec: PolicySpec = {}) {
  const householdId = randomUUID();
  await db.insert(households).values({ id: householdId });
  const person = async (firstName: string, dob: string) => {
    const id = randomUUID();
    await db.insert(members).values({
      id,
      householdId,
      folderId: newPublicId('memberFolder'),
      firstName,
      lastName: 'Coverage',
      dob,
      gender: 'female',
    });
    return id;
  };
  const memberId = await person('Rosa', spec.subscriberDob ?? '1980-03-02');
  const dependentIds = await Promise.all(
    (spec.dependents ?? []).map((dob, index) => person(`Child${index + 1}`, dob)),
  );
  const offExchange = spec.offExchange ?? true;
  let groupId: string | null = null;
  if (spec.group) {
    const [group] = await db
      .insert(employerGroups)
      .values({ groupNumber: unique('G'), name: 'Harbor Tools Inc.' })
      .returning({ id: employerGroups.id });
    groupId = group?.id ?? null;
  }
  const policyId = randomUUID();
  const policyNumber = unique('LHP-');
  await db.insert(policies).values({
    id: policyId,
    householdId,
    subscriberMemberId: memberId,
    policyNumber,
    issuerSubscriberId: unique('S'),
    exchangeSubscriberId: offExchange ? null : unique('X').slice(-10),
    marketCoverage: spec.group ? 2 : 1,
    offExchange: spec.group ? true : offExchange,
    groupId,
    lineOfCoverage: 'Medical',
    enrollmentType: 'New',
    enrollmentStatus: 'Active',
    brokerId: spec.brokerId ?? null,
    fileSource: spec.group ? 'Employer' : offExchange ? 'Issuer' : 'Exchange',
  });
  const spans = spec.spans ?? [{ startDate: '2026-01-01', endDate: '2026-12-31' }];
  const spanIds: string[] = [];
  for (const span of spans) {
    const planId =
      span.planId ?? (spec.group ? PLANS.groupGold : offExchange ? PLANS.silver : PLANS.silverOnExchange);
    const [row] = await db
      .insert(coverageSpans)
      .values({
        policyId,
        addFolderId: unique('A'),
        startDate: span.startDate,
        endDate: span.endDate ?? null,
        cancelled: span.cancelled ?? false,
        planId,
        planType: 'HMO',
        premiumAmountCents: span.premiumCents ?? 60_000,
        policyRateAmountCents: span.premiumCents ?? 60_000,
        taxCreditAmountCents: span.taxCreditCents ?? 0,
        otherSubsidyAmountCents: span.otherSubsidyCents ?? 0,
        csrAmountCents: span.csrCents ?? 0,
        effectuatedDate: span.effectuated === false ? null : span.startDate,
        groupOrPolicyNumber: policyNumber,
      })
      .returning({ id: coverageSpans.id });
    if (row) spanIds.push(row.id);
    for (const [index, id] of [memberId, ...dependentIds].entries()) {
      await db.insert(memberSpans).values({
        policyId,
        memberId: id,
        relationship: index === 0 ? 'self' : 'child',
        startDate: span.startDate,
        endDate: span.endDate ?? null,
        cancelled: span.cancelled ?? false,
        ratingAge: index === 0 ? 46 : 10,
      });
    }
  }
  await db.insert(finances).values({
    policyId,
    premiumAmountDueCents: 60_000,
    currentAmountDueCents: 0,
    paidThroughDate: spec.paidThroughDate === undefined ? '2026-11-30' : spec.paidThroughDate,
    status: 'Current',
  });
  return { householdId, memberId, dependentIds, policyId, policyNumber, spanIds };
}
