import { describe, expect, it } from 'vitest';
import {
  ageOn,
  estimatedPremium,
  openEnrollmentYear,
  planBaseId,
  planChangeEventWindow,
  planChoices,
  planMarket,
  planProduct,
  planVariant,
  premiumAfterTaxCredit,
  type CataloguePlan,
  type PlanChangeFacts,
} from './plan-change';

const OE = { startMonth: 11, startDay: 1, endMonth: 1, endDay: 15 };
const settings = { groupMarketProducts: ['011'], openEnrollment: OE };

function plan(id: string, overrides: Partial<CataloguePlan> = {}): CataloguePlan {
  const year = 2000 + Number(id.slice(10, 12));
  return {
    id,
    lineOfCoverage: 'Medical',
    metalLevel: 'Silver',
    planYear: year,
    effectiveDate: `${year}-01-01`,
    effectiveEndDate: `${year}-12-31`,
    monthlyPremiumCents: 40_000,
    ...overrides,
  };
}

// 2026 plans (plan numbers start with 26) and 2027 plans (27), individual products 001/002, group 011.
const catalogue: CataloguePlan[] = [
  plan('77421MA0012603-00'),
  plan('77421MA0012603-01'),
  plan('77421MA0012603-05'),
  plan('77421MA0012604-00', { metalLevel: 'Gold', monthlyPremiumCents: 52_000 }),
  plan('77421MA0012604-01', { metalLevel: 'Gold', monthlyPremiumCents: 52_000 }),
  plan('77421MA0012601-00', { metalLevel: 'Catastrophic', monthlyPremiumCents: 27_000 }),
  plan('77421MA0022602-00', { metalLevel: 'Bronze', monthlyPremiumCents: 34_000 }),
  plan('77421MA0042601-00', { lineOfCoverage: 'Dental', metalLevel: 'Low' }),
  plan('77421MA0112601-00', { metalLevel: 'Gold' }),
  plan('77421MA0112602-00', { metalLevel: 'Silver' }),
  plan('77421MA0012703-00'),
  plan('77421MA0012704-00', { metalLevel: 'Gold' }),
];

const facts = (overrides: Partial<PlanChangeFacts> = {}): PlanChangeFacts => ({
  today: '2026-06-10',
  market: 'Individual',
  lineOfCoverage: 'Medical',
  offExchange: true,
  currentPlanId: '77421MA0012603-00',
  currentPlanYear: 2026,
  coverageEndDate: null,
  memberBirthDates: ['1980-01-15'],
  ...overrides,
});
const ids = (plans: readonly CataloguePlan[] | undefined) => (plans ?? []).map((one) => one.id).sort();

describe('plan ids (DOMAIN "Plan ID")', () => {
  it('reads the product, the variant and the plan without its variant', () => {
    expect(planProduct('77421MA0010003-04')).toBe('001');
    expect(planVariant('77421MA0010003-04')).toBe('04');
    expect(planVariant('77421MA0010003')).toBeNull();
    expect(planProduct('not a plan')).toBeNull();
    expect(planBaseId('77421MA0010003-04')).toBe('77421MA0010003');
    expect(planMarket('77421MA0112601-00', ['011'])).toBe('Group');
    expect(planMarket('77421MA0012601-00', ['011'])).toBe('Individual');
    expect(planMarket('odd', ['011'])).toBe('Individual');
  });
});

describe('open enrolment (1 November – 15 January)', () => {
  it('says which plan year it is for, or that it is closed', () => {
    expect(openEnrollmentYear('2026-10-31', OE)).toBeNull();
    expect(openEnrollmentYear('2026-11-01', OE)).toBe(2027);
    expect(openEnrollmentYear('2026-12-31', OE)).toBe(2027);
    expect(openEnrollmentYear('2027-01-15', OE)).toBe(2027);
    expect(openEnrollmentYear('2027-01-16', OE)).toBeNull();
  });
});

describe('SPEC §3 eligiblePlans and eligibleRenewalPlans', () => {
  it('offers this year’s plans of the same line, market and channel from the first of next month, the current plan left out', () => {
    const choices = planChoices(catalogue, facts(), settings);
    expect(choices.eligible?.effectiveDate).toBe('2026-07-01');
    expect(ids(choices.eligible?.plans)).toEqual(['77421MA0012604-00', '77421MA0022602-00']);
    expect(choices.renewal).toBeNull();
    expect(choices.qualifyingEventNeeded).toBe(true);
  });

  it('offers catastrophic plans only when everyone is under 30 on the day the change takes effect', () => {
    expect(
      ids(planChoices(catalogue, facts({ memberBirthDates: ['1997-06-30'] }), settings).eligible?.plans),
    ).toContain('77421MA0012601-00');
    expect(
      ids(planChoices(catalogue, facts({ memberBirthDates: ['1996-07-01'] }), settings).eligible?.plans),
    ).not.toContain('77421MA0012601-00');
    expect(
      ids(
        planChoices(catalogue, facts({ memberBirthDates: ['2000-01-01', '1970-01-01'] }), settings).eligible
          ?.plans,
      ),
    ).not.toContain('77421MA0012601-00');
  });

  it('gives an on-exchange policy the on-exchange variants, keeping the household’s cost-sharing level where the plan has it', () => {
    const csr = planChoices(
      catalogue,
      facts({ offExchange: false, currentPlanId: '77421MA0012604-01' }),
      settings,
    );
    expect(ids(csr.eligible?.plans)).toEqual(['77421MA0012603-01']);
    const silverCsr = planChoices(
      catalogue,
      facts({ offExchange: false, currentPlanId: '77421MA0012604-01', memberBirthDates: ['2000-01-01'] }),
      settings,
    );
    expect(ids(silverCsr.eligible?.plans)).toEqual(['77421MA0012603-01']);
    // A household at the 87 % level moving from silver to gold gets the standard variant of gold.
    const fromCsr = planChoices(
      [
        ...catalogue,
        plan('77421MA0012605-05', { metalLevel: 'Silver' }),
        plan('77421MA0012605-01', { metalLevel: 'Silver' }),
      ],
      facts({ offExchange: false, currentPlanId: '77421MA0012603-05' }),
      settings,
    );
    expect(ids(fromCsr.eligible?.plans)).toEqual(['77421MA0012604-01', '77421MA0012605-05']);
  });

  it('keeps an employer plan among the group products, and plans without variants as they are', () => {
    expect(
      ids(
        planChoices(catalogue, facts({ market: 'Group', currentPlanId: '77421MA0112601-00' }), settings)
          .eligible?.plans,
      ),
    ).toEqual(['77421MA0112602-00']);
    const plain = [plan('77421MA0012603'), plan('77421MA0012604')];
    expect(
      ids(planChoices(plain, facts({ currentPlanId: '77421MA0012603' }), settings).eligible?.plans),
    ).toEqual(['77421MA0012604']);
  });

  it('shows next year’s plans from January 1 once open enrolment started, and needs no life event for them', () => {
    const choices = planChoices(catalogue, facts({ today: '2026-11-25' }), settings);
    expect(choices.eligible?.effectiveDate).toBe('2026-12-01');
    expect(choices.renewal?.effectiveDate).toBe('2027-01-01');
    expect(ids(choices.renewal?.plans)).toEqual(['77421MA0012703-00', '77421MA0012704-00']);
    expect(choices.qualifyingEventNeeded).toBe(true);
  });

  it('has no change left in December for this year, and no renewal for a coverage that ends before the year does', () => {
    const december = planChoices(catalogue, facts({ today: '2026-12-05' }), settings);
    expect(december.eligible).toBeNull();
    expect(december.renewal).not.toBeNull();
    const ending = planChoices(
      catalogue,
      facts({ today: '2026-11-25', coverageEndDate: '2026-11-30' }),
      settings,
    );
    expect(ending.eligible).toBeNull();
    expect(ending.renewal).toBeNull();
  });

  it('needs no life event to change this year’s plan while open enrolment for this year runs', () => {
    const january = planChoices(
      catalogue.map((one) => ({ ...one })),
      facts({ today: '2027-01-10', currentPlanId: '77421MA0012703-00', currentPlanYear: 2027 }),
      settings,
    );
    expect(january.qualifyingEventNeeded).toBe(false);
    expect(january.eligible?.effectiveDate).toBe('2027-02-01');
    expect(ids(january.eligible?.plans)).toEqual(['77421MA0012704-00']);
  });
});

describe('what a plan would cost', () => {
  it('scales the current premium by the plans’ rates and takes off the tax credit (not on catastrophic plans)', () => {
    expect(estimatedPremium(60_000, 40_000, 52_000)).toBe(78_000);
    expect(estimatedPremium(60_000, 0, 52_000)).toBe(52_000);
    expect(premiumAfterTaxCredit(78_000, 50_000, 'Gold')).toBe(28_000);
    expect(premiumAfterTaxCredit(30_000, 50_000, 'Bronze')).toBe(0);
    expect(premiumAfterTaxCredit(30_000, 50_000, 'Catastrophic')).toBe(30_000);
  });

  it('counts ages in whole years', () => {
    expect(ageOn('1996-07-01', '2026-06-30')).toBe(29);
    expect(ageOn('1996-07-01', '2026-07-01')).toBe(30);
    expect(ageOn('1996-07-15', '2026-07-01')).toBe(29);
  });
});

describe('life events for a plan change', () => {
  it('goes back 60 days, and 60 ahead for a coming loss of coverage', () => {
    expect(planChangeEventWindow('moved', '2026-06-10')).toEqual({
      earliest: '2026-04-11',
      latest: '2026-06-10',
    });
    expect(planChangeEventWindow('loss-of-coverage', '2026-06-10')).toEqual({
      earliest: '2026-04-11',
      latest: '2026-08-09',
    });
  });
});
