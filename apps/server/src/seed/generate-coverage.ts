import {
  addDays,
  addMonths,
  endOfMonth,
  parseCalendarDate,
  type CalendarDate,
  type HraDiscount,
} from '@portal/domain';
import { monthStart, type BillingProfile, type PaymentPlan } from './billing';
import { ageOn, compareDates, itemAt, yearOf } from './context';
import type { HouseholdBuilder } from './household';
import type { PolicySpec, ReinstatementSpec, SegmentSpec } from './model';
import type { Random } from './random';
import type { PlanKey } from './reference/plans';
import type { Shared } from './shared';
import { cancelledBefore, chooseIndividualPlan, endAt, otherPlan, splitAt, variantFor } from './timeline';

export type Archetype =
  'onExchangeAptc' | 'onExchangeFull' | 'offExchange' | 'group' | 'noPolicies' | 'terminated' | 'binder';

/** General requests members send in their own words (typed changes come from the portal's own pages). */
const SERVICE_REQUESTS = [
  {
    subject: {
      en: 'Replacement ID card',
      es: 'Tarjeta de identificación de reemplazo',
      pt: 'Segunda via do cartão de identificação',
    },
    message: {
      en: 'I lost my member ID card. Please mail me a new one.',
      es: 'Perdí mi tarjeta de miembro. Por favor, envíenme una nueva por correo.',
      pt: 'Perdi meu cartão de membro. Por favor, enviem um novo pelo correio.',
    },
  },
  {
    subject: {
      en: 'Question about my bill',
      es: 'Pregunta sobre mi factura',
      pt: 'Dúvida sobre minha fatura',
    },
    message: {
      en: 'My last invoice shows a different amount than the month before. Can you explain why?',
      es: 'Mi última factura muestra un monto distinto al del mes anterior. ¿Pueden explicarme por qué?',
      pt: 'Minha última fatura mostra um valor diferente do mês anterior. Podem me explicar por quê?',
    },
  },
  {
    subject: {
      en: 'Letter from my doctor',
      es: 'Carta de mi médico',
      pt: 'Carta do meu médico',
    },
    message: {
      en: 'My doctor sent a letter about a referral. Who should I send it to?',
      es: 'Mi médico envió una carta sobre una remisión. ¿A quién se la debo enviar?',
      pt: 'Meu médico enviou uma carta sobre um encaminhamento. Para quem devo enviá-la?',
    },
  },
] as const;

const RESOLVED = {
  en: 'Done: we answered you by mail.',
  es: 'Listo: le respondimos por correo.',
  pt: 'Pronto: respondemos pelo correio.',
} as const;

/** How the household pays (one habit for all its policies). */
function choosePayment(rng: Random): { profile: BillingProfile; scheduledAhead: number } {
  const habit = rng.weighted([
    ['autopay', 35],
    ['manual', 55],
    ['scheduled', 10],
  ] as const);
  if (habit === 'autopay') {
    return {
      profile: {
        kind: 'autopay',
        runDay: rng.pick([1, 5, 10, 15, 20, 25, 28]),
        method: rng.chance(0.6) ? 'BankAccount' : 'Card',
      },
      scheduledAhead: 0,
    };
  }
  const profile: BillingProfile = {
    kind: 'manual',
    method: rng.chance(0.65) ? 'Card' : 'BankAccount',
    roundUp: rng.chance(0.12),
  };
  return { profile, scheduledAhead: habit === 'scheduled' ? rng.int(1, 3) : 0 };
}

/** The policies of one generated household, by archetype. */
export function addGeneratedCoverage(
  household: HouseholdBuilder,
  shared: Shared,
  archetype: Archetype,
  options: { readonly demoBook: boolean; readonly forceBehind?: boolean },
): void {
  const { rng, ctx } = household;
  const today = ctx.today;
  const year = yearOf(today);
  const thisMonth = monthStart(today);
  const monthNumber = parseCalendarDate(today).month;
  const slots = Array.from({ length: household.householdSize }, (_, slot) => slot);
  const maxAge = Math.max(...slots.map((slot) => ageOn(household.member(slot).dob, today)));

  if (archetype === 'noPolicies') {
    // Applied, found eligible, never enrolled: reminded to choose a plan.
    household.addHouseholdNotice('enrollment-reminder', addDays(today, -rng.int(5, 40)), {
      reason: 'eligible-not-enrolled',
    });
    return;
  }
  const group = archetype === 'group';
  const onExchange =
    archetype === 'onExchangeAptc' || archetype === 'onExchangeFull' || (household.spec.exchange && !group);
  const fplPercent =
    archetype === 'onExchangeAptc' || (onExchange && archetype !== 'onExchangeFull' && rng.chance(0.7))
      ? Math.round(rng.normal(230, 80, 100, 395))
      : undefined;
  const brokerId = options.demoBook
    ? shared.demoBrokerId
    : rng.chance(group ? 0.3 : 0.45)
      ? rng.pick(shared.brokerIds)
      : null;
  const employer = group ? rng.pick(shared.groups) : undefined;
  const { profile, scheduledAhead } = choosePayment(rng);

  // When coverage began: renewed from last year, new this January, or mid-year (special enrolment).
  let start: CalendarDate = `${year - 1}-01-01`;
  let enrollmentType: PolicySpec['enrollmentType'] = 'Renewal';
  const roll = rng.float();
  if (roll > 0.4 && roll <= 0.72) {
    start = `${year}-01-01`;
    enrollmentType = 'New';
  } else if (roll > 0.72 && monthNumber >= 2) {
    start = `${year}-${String(rng.int(2, monthNumber)).padStart(2, '0')}-01`;
    enrollmentType = 'SpecialEnrollment';
  }
  // Open enrolment for next year starts on 1 November: renewals for next year exist from then on.
  const renews = compareDates(today, `${year}-11-01`) >= 0 && rng.chance(0.85);
  let end: CalendarDate = renews ? `${year + 1}-12-31` : `${year}-12-31`;

  let plan: PlanKey = group
    ? rng.pick<PlanKey>([
        'workwell-gold-hmo',
        'workwell-silver-ppo',
        'workwell-gold-ppo',
        'workwell-platinum-ppo',
      ])
    : chooseIndividualPlan(rng, { onExchange, fplPercent, maxAge });
  let termination: PolicySpec['termination'];
  let lastPaidMonth: CalendarDate | null = null;
  let paymentProfile = profile;

  if (archetype === 'binder') {
    // A new enrolment starting next month, waiting for its binder payment (DOMAIN "Effectuation").
    start = addMonths(thisMonth, 1);
    end = `${yearOf(start)}-12-31`;
    enrollmentType = 'New';
    if (rng.chance(0.65)) paymentProfile = { kind: 'none' };
  } else if (archetype === 'terminated') {
    const nonPayment = fplPercent !== undefined && rng.chance(0.55);
    start = `${year - 1}-01-01`;
    enrollmentType = 'Renewal';
    if (nonPayment) {
      // 45 CFR 156.270: unpaid through a three-month grace period, coverage ends on the last day
      // of its first month. The grace period is over, so the first unpaid month is >= 3 months ago.
      const firstUnpaid = addMonths(thisMonth, -rng.int(3, 8));
      end = endOfMonth(firstUnpaid);
      lastPaidMonth = addMonths(firstUnpaid, -1);
      if (profile.kind === 'autopay')
        paymentProfile = { kind: 'manual', method: profile.method, roundUp: false };
      const expiration = addDays(endOfMonth(addMonths(firstUnpaid, 2)), 60);
      const open = compareDates(expiration, today) > 0;
      const reinstatement: ReinstatementSpec = {
        status: open ? (rng.chance(0.7) ? 'Eligible' : 'Manual') : 'NotEligible',
        expirationDate: expiration,
      };
      termination = { reason: 'non-payment', reinstatement };
    } else {
      end = endOfMonth(addMonths(thisMonth, -rng.int(1, 10)));
      termination = {
        reason: 'voluntary',
        ...(rng.chance(0.5) ? { reinstatement: { status: 'NotEligible', expirationDate: null } } : {}),
      };
    }
  } else if (
    (rng.chance(0.06) || options.forceBehind === true) &&
    compareDates(start, addMonths(thisMonth, -3)) < 0
  ) {
    // Behind on payments and still covered: an APTC member stopped paying 1-3 months ago (45 CFR 156.270's
    // three-month grace period); anyone else missed this month only (the state's grace period, 31 days
    // after the due date, after which the billing clock ends the coverage).
    lastPaidMonth = addMonths(thisMonth, -rng.int(1, fplPercent !== undefined ? 3 : 1));
    if (profile.kind === 'autopay')
      paymentProfile = { kind: 'manual', method: profile.method, roundUp: false };
  }

  const variant = (key: PlanKey, fpl = fplPercent): ReturnType<typeof variantFor> =>
    variantFor(key, onExchange, fpl);
  let segments: SegmentSpec[] = [{ start, end, plan, variant: variant(plan), slots }];
  const active = archetype !== 'terminated' && archetype !== 'binder';
  const changeMonth = (): CalendarDate | null => {
    const earliest = addMonths(start, 1);
    const candidate = addMonths(thisMonth, -rng.int(-1, 6));
    if (
      compareDates(candidate, earliest) < 0 ||
      yearOf(candidate) !== year ||
      monthStart(candidate) === `${year}-01-01`
    )
      return null;
    return candidate;
  };
  if (active && rng.chance(0.08)) {
    const at = changeMonth();
    if (at) {
      plan = otherPlan(rng, plan);
      const next = plan;
      segments = splitAt(segments, at, (segment) => ({
        ...segment,
        plan: next,
        variant: variant(next, segment.fplPercent ?? fplPercent),
      }));
    }
  }
  if (active && fplPercent !== undefined && rng.chance(0.1)) {
    const at = changeMonth();
    if (at) {
      const fpl = Math.min(395, Math.max(100, fplPercent + rng.pick([-40, -25, 30, 45])));
      segments = splitAt(segments, at, (segment) => ({
        ...segment,
        fplPercent: fpl,
        variant: variant(segment.plan, fpl),
      }));
    }
  }
  if (active && slots.length > 1 && rng.chance(0.05)) {
    const at = changeMonth();
    const leaving = itemAt(slots, slots.length - 1);
    if (at)
      segments = splitAt(segments, at, (segment) => ({
        ...segment,
        slots: segment.slots.filter((slot) => slot !== leaving),
      }));
  }
  if (renews && active && rng.chance(0.15)) {
    const next = otherPlan(rng, plan);
    segments = splitAt(segments, `${year + 1}-01-01`, (segment) => ({
      ...segment,
      plan: next,
      variant: variant(next, segment.fplPercent ?? fplPercent),
    }));
  }
  if (termination) segments = endAt(segments, end);
  if (active && enrollmentType === 'SpecialEnrollment' && rng.chance(0.2)) {
    // The first application's plan was cancelled before it started (never paid).
    const first = itemAt(segments, 0);
    const abandoned = otherPlan(rng, first.plan);
    segments = [
      cancelledBefore(
        first.start,
        abandoned,
        variant(abandoned, first.fplPercent ?? fplPercent),
        first.slots,
      ),
      ...segments,
    ];
  }

  // SPEC §9 HRA: a percentage of the premium or a flat amount; the employer's share and the HRA
  // together leave the employee something to pay.
  const hraPercents = [10, 15, 20, 25].filter(
    (percent) => employer && employer.contributionPercent + percent <= 90,
  );
  const hra: HraDiscount | undefined =
    group && rng.chance(0.2)
      ? hraPercents.length > 0 && rng.chance(0.6)
        ? { kind: 'percentage', percent: rng.pick(hraPercents), startDate: `${year}-01-01`, endDate: null }
        : { kind: 'flat', amount: rng.pick([2_500, 5_000, 7_500]), startDate: `${year}-01-01`, endDate: null }
      : undefined;
  const payment: PaymentPlan = { profile: paymentProfile, lastPaidMonth, withFailure: rng.chance(0.12) };
  const common = {
    subscriberSlot: 0,
    market: group ? 'Group' : 'Individual',
    onExchange: onExchange && !group,
    enrollmentType,
    brokerId,
    payment,
    autopay: paymentProfile.kind === 'autopay',
    scheduledAhead,
    ...(employer ? { group: employer } : {}),
  } as const;
  household.addPolicy({
    ...common,
    sequence: 1,
    line: 'Medical',
    segments,
    ...(fplPercent !== undefined && !group ? { fplPercent } : {}),
    ...(fplPercent !== undefined && fplPercent <= 300 && !group && rng.chance(0.25)
      ? { stateWrapShare: rng.pick([0.3, 0.45, 0.6]) }
      : {}),
    ...(hra ? { hra } : {}),
    ...(termination ? { termination } : {}),
  });

  // Dental and vision ride along with the medical coverage (same dates, separate policies).
  const plainSegments = segments
    .filter((segment) => !segment.cancelled)
    .map(({ start: from, end: to, slots: covered }) => ({ start: from, end: to, slots: covered }));
  // They have no APTC: a member behind on the medical policy is at most one month behind on them, within
  // the state's grace period (further behind, the billing clock would have ended them already).
  const oneMonthBehind = addMonths(thisMonth, -1);
  const ancillaryPayment =
    active && payment.lastPaidMonth !== null && compareDates(payment.lastPaidMonth, oneMonthBehind) < 0
      ? { ...payment, lastPaidMonth: oneMonthBehind }
      : payment;
  const ancillary = (line: 'Dental' | 'Vision', key: PlanKey, sequence: number): void => {
    const merged = plainSegments.map((segment) => ({ ...segment, plan: key, variant: variant(key) }));
    household.addPolicy({
      ...common,
      payment: ancillaryPayment,
      sequence,
      line,
      segments: merged,
      ...(termination ? { termination: { reason: termination.reason } } : {}),
    });
  };
  if (rng.chance(group ? 0.5 : 0.3))
    ancillary('Dental', group ? 'workwell-dental' : rng.pick<PlanKey>(['smile-basic', 'smile-plus']), 2);
  if (group ? rng.chance(0.4) : !onExchange && rng.chance(0.15))
    ancillary('Vision', group ? 'workwell-vision' : 'clearview', 3);

  if (!onExchange && !group && active && rng.chance(0.15)) {
    const request = rng.pick(SERVICE_REQUESTS);
    const status = rng.weighted([
      ['Submitted', 2],
      ['InReview', 3],
      ['Completed', 4],
      ['Cancelled', 1],
    ] as const);
    household.addServiceRequest({
      sequence: 1,
      type: 'general',
      subject: request.subject[household.spec.language],
      details: { message: request.message[household.spec.language] },
      status,
      ...(status === 'Completed' ? { resolution: RESOLVED[household.spec.language] } : {}),
      daysAgo: rng.int(2, 90),
    });
  }
}
