import QRCode from 'qrcode';
import {
  benefitLine,
  benefitLines,
  compareCalendarDates,
  DEDUCTIBLE_KEY,
  ID_CARD_COST_KEYS,
  isSpanCancelled,
  isSpanCurrent,
  isSpanFuture,
  legacyBenefitCost,
  networkName,
  OUT_OF_POCKET_KEY,
  planAmount,
  careLines,
  type CalendarDate,
} from '@portal/domain';
import type {
  AccountConfig,
  IdCardMember,
  IdCards,
  PlanBenefits,
  PolicyBenefits,
  QrMatrix,
} from '@portal/contracts';
import { readTogether, type Database, type Executor } from '../../db/client';
import { groupNumberAndName } from '../group/service';
import { memberSpansOnPolicy } from '../member/service';
import { householdLanguage } from '../paperless/service';
import { coverageSpansOfPolicy, policyById } from '../policy/service';
import {
  allPlans,
  plansByIds,
  type BenefitsBundle,
  type CoveredMember,
  type PlanRow,
  type SpanRow,
} from './repository';

export type { PlanRow } from './repository';

/**
 * What the benefits page and the ID card read about one policy (null: no such policy): its row, spans and
 * their plans, the people covered, its employer group and its household's language — each from its owner.
 */
export async function benefitsBundle(db: Executor, policyId: string): Promise<BenefitsBundle | null> {
  const policy = await policyById(db, policyId);
  if (!policy) return null;
  const [spans, covered, group, language] = await readTogether(db, [
    () => coverageSpansOfPolicy(db, policyId),
    () => memberSpansOnPolicy(db, policyId),
    () => (policy.groupId ? groupNumberAndName(db, policy.groupId) : Promise.resolve(undefined)),
    () => (policy.householdId ? householdLanguage(db, policy.householdId) : Promise.resolve(null)),
  ]);
  const planRows = await plansByIds(db, [...new Set(spans.map((span) => span.planId))]);
  return {
    policy,
    group: group ?? null,
    spans,
    plans: new Map(planRows.map((plan) => [plan.id, plan])),
    covered: covered.map((row): CoveredMember => ({
      memberId: row.memberId,
      folderId: row.folderId,
      firstName: row.firstName,
      lastName: row.lastName,
      relationship: row.relationship,
      startDate: row.startDate,
      endDate: row.endDate,
      cancelled: row.cancelled,
    })),
    language: language ?? 'en',
  };
}

/**
 * A plan's benefits and the member ID card (issue 12). Everything here is read from the policy's spans,
 * the plans table (the plan's design, packages/domain benefits.ts) and the tenant configuration; nothing
 * is estimated. In particular the portal holds no claims, so how much of the deductible has been used
 * is not known here and is said to be unknown (`spending: null`).
 */

type When = PlanBenefits['when'];

function whenOf(span: SpanRow, today: CalendarDate): When {
  if (isSpanCurrent(span, today)) return 'current';
  return isSpanFuture(span, today) ? 'upcoming' : 'past';
}

/**
 * The spans whose plans the member sees: the one covering today and those starting later (a renewal, a
 * plan change), one per plan; for coverage that has ended, the last span. Cancelled spans never took effect.
 */
export function shownSpans(spans: readonly SpanRow[], today: CalendarDate): SpanRow[] {
  const live = spans.filter((span) => !isSpanCancelled(span));
  const now = live.filter((span) => isSpanCurrent(span, today) || isSpanFuture(span, today));
  const chosen = now.length > 0 ? now : live.slice(-1);
  const seen = new Set<string>();
  return chosen.filter((span) => {
    if (seen.has(span.planId)) return false;
    seen.add(span.planId);
    return true;
  });
}

export function planBenefits(span: SpanRow, plan: PlanRow, today: CalendarDate): PlanBenefits {
  const lines = benefitLines(plan.details);
  return {
    planId: plan.id,
    planName: plan.planName,
    lineOfCoverage: plan.lineOfCoverage,
    metalLevel: plan.metalLevel,
    planType: plan.planType,
    planYear: plan.planYear,
    coverageStart: span.startDate,
    coverageEnd: span.endDate,
    when: whenOf(span, today),
    network: networkName(lines),
    summary: plan.summary,
    deductible: planAmount(lines, DEDUCTIBLE_KEY, plan.deductibleCents),
    outOfPocketMax: planAmount(lines, OUT_OF_POCKET_KEY, plan.outOfPocketMaxCents),
    drugsCovered: legacyBenefitCost('benefit.drugsCovered', plan.drugsCovered),
    sbc: plan.sbcUrl ? { kind: 'external', url: plan.sbcUrl } : { kind: 'generated' },
    lines: careLines(lines),
  };
}

/** SPEC §3 Plan benefit keys and the plan design of each plan the policy is (or will be) covered by. */
export function policyBenefits(bundle: BenefitsBundle, today: CalendarDate): PolicyBenefits {
  const plans = shownSpans(bundle.spans, today).flatMap((span) => {
    const plan = bundle.plans.get(span.planId);
    return plan ? [planBenefits(span, plan, today)] : [];
  });
  return { policyId: bundle.policy.id, policyNumber: bundle.policy.policyNumber, plans, spending: null };
}

/** The span and plan a generated SBC describes: one the policy shows; null for any other plan id. */
export function shownPlan(
  bundle: BenefitsBundle,
  planId: string,
  today: CalendarDate,
): { span: SpanRow; plan: PlanRow } | null {
  const span = shownSpans(bundle.spans, today).find((candidate) => candidate.planId === planId);
  const plan = span ? bundle.plans.get(span.planId) : undefined;
  return span && plan ? { span, plan } : null;
}

/** The QR code of a text as rows of modules ('1' dark), error correction M (15 % of the code may be damaged). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const rows: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let bits = '';
    for (let column = 0; column < modules.size; column++) bits += modules.get(row, column) ? '1' : '0';
    rows.push(bits);
  }
  return { text, size: modules.size, rows };
}

/** The span an ID card is for: the one covering today, else the next to start; null when coverage has ended. */
function cardSpan(spans: readonly SpanRow[], today: CalendarDate): SpanRow | null {
  const live = spans.filter((span) => !isSpanCancelled(span));
  return (
    live.find((span) => isSpanCurrent(span, today)) ?? live.find((span) => isSpanFuture(span, today)) ?? null
  );
}

const overlaps = (member: CoveredMember, span: SpanRow): boolean =>
  (member.endDate === null || span.startDate <= member.endDate) &&
  (span.endDate === null || member.startDate <= span.endDate);

/**
 * The people who get a card: covered by the card's span today or from a coming date (a member whose
 * coverage has ended has none). The subscriber first, then by the date their coverage starts and name.
 */
function cardMembers(bundle: BenefitsBundle, span: SpanRow, today: CalendarDate): IdCardMember[] {
  const byMember = new Map<string, CoveredMember>();
  for (const member of bundle.covered) {
    if (
      member.cancelled ||
      (member.endDate !== null && compareCalendarDates(member.endDate, member.startDate) < 0)
    )
      continue;
    if (!overlaps(member, span)) continue;
    if (member.endDate !== null && compareCalendarDates(member.endDate, today) < 0) continue;
    const known = byMember.get(member.memberId);
    // The span covering today wins over a later one.
    if (!known || (!isSpanCurrent(known, today) && isSpanCurrent(member, today)))
      byMember.set(member.memberId, member);
  }
  const subscriberId = bundle.policy.subscriberMemberId;
  return [...byMember.values()]
    .sort((a, b) => {
      if (a.memberId === subscriberId) return -1;
      if (b.memberId === subscriberId) return 1;
      return compareCalendarDates(a.startDate, b.startDate) || a.firstName.localeCompare(b.firstName);
    })
    .map((member) => {
      const coverageStart =
        compareCalendarDates(member.startDate, span.startDate) > 0 ? member.startDate : span.startDate;
      return {
        memberId: member.folderId,
        firstName: member.firstName,
        lastName: member.lastName,
        relationship: member.relationship,
        subscriber: member.memberId === subscriberId,
        coverageStart,
        upcoming: compareCalendarDates(coverageStart, today) > 0,
        qr: qrMatrix(member.folderId),
      };
    });
}

/**
 * The member ID cards of a policy (issue 12): one per covered member, with what the No Surprises Act
 * (PHSA §2799A-1(e)) asks a card to show — the in-network and out-of-network deductibles and
 * out-of-pocket maximums and a number to call — besides the plan, network, ids, pharmacy routing and
 * copays a provider's office needs. null when the policy has no span at all.
 */
export function idCards(bundle: BenefitsBundle, today: CalendarDate, account: AccountConfig): IdCards | null {
  const live = bundle.spans.filter((span) => !isSpanCancelled(span));
  const span = cardSpan(bundle.spans, today) ?? live.at(-1) ?? null;
  const plan = span ? bundle.plans.get(span.planId) : undefined;
  if (!span || !plan) return null;
  const covering = cardSpan(bundle.spans, today) !== null;
  const lines = benefitLines(plan.details);
  const { idCard, tenant } = account;
  // Pharmacy routing belongs on the cards of medical plans that cover drugs (drugsCovered is 'Yes' or names which).
  const drugs = legacyBenefitCost('benefit.drugsCovered', plan.drugsCovered);
  const coversDrugs = plan.lineOfCoverage === 'Medical' && !(drugs.kind === 'yesNo' && !drugs.value);
  const hasRx = coversDrugs && idCard.rx.bin !== '';
  return {
    policyId: bundle.policy.id,
    policyNumber: bundle.policy.policyNumber,
    groupOrPolicyNumber: bundle.group?.groupNumber ?? span.groupOrPolicyNumber,
    employerName: bundle.group?.name ?? null,
    subscriberId: bundle.policy.issuerSubscriberId,
    exchangeSubscriberId: bundle.policy.offExchange ? null : bundle.policy.exchangeSubscriberId,
    issuer: { name: tenant.issuerName, hiosIssuerId: tenant.hiosIssuerId, payerId: idCard.payerId },
    plan: {
      planId: plan.id,
      planName: plan.planName,
      lineOfCoverage: plan.lineOfCoverage,
      metalLevel: plan.metalLevel,
      planType: plan.planType,
      network: networkName(lines),
    },
    rx: hasRx ? { bin: idCard.rx.bin, pcn: idCard.rx.pcn, group: idCard.rx.group } : null,
    deductible: planAmount(lines, DEDUCTIBLE_KEY, plan.deductibleCents),
    outOfPocketMax: planAmount(lines, OUT_OF_POCKET_KEY, plan.outOfPocketMaxCents),
    copays: ID_CARD_COST_KEYS[plan.lineOfCoverage].flatMap((key) => {
      const line = benefitLine(lines, key);
      return line ? [line] : [];
    }),
    phones: {
      customerService: tenant.supportPhone,
      providers: idCard.providerPhone,
      pharmacy: hasRx ? idCard.pharmacyPhone : '',
      nurseLine: plan.lineOfCoverage === 'Medical' ? idCard.nurseLinePhone : '',
    },
    website: idCard.website,
    claimsAddress: idCard.claimsAddress,
    cards: covering ? cardMembers(bundle, span, today) : [],
  };
}

/** The issuer's plan catalogue (every plan it holds), for the public provider directory (issue 37, decision 053). */
export async function planCatalogue(db: Database): Promise<PlanRow[]> {
  return allPlans(db);
}

// --- reads for payment, scheduled-payment, reinstatement (issue 38) ---
// Plan names by id: a receipt, the scheduled payments list and a reinstatement name the plan of a span.
export { planNamesOf } from './repository';

// --- reads for the enrollment module (the X12 834 import, issue 34) ---
export { planById } from './repository';

// --- reads for policy-coverage, document PDFs ---
export { cataloguePlans, plansByIds } from './repository';

// --- writes for demo ---
export { addPlansUnlessHeld } from './repository';
