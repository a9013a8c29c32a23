import { addDays, addMonths, endOfMonth, type CalendarDate } from '@portal/domain';
import { monthStart } from './billing';
import { ageOn, yearOf, type SeedContext } from './context';
import { HouseholdBuilder } from './household';
import { idClock } from './ids';
import type { PersonSpec } from './model';
import { Random } from './random';
import { COMMUNITIES, type Community, type PortalLanguage } from './reference/names';
import { COUNTIES, PLACES, STREETS } from './reference/places';
import { planCatalogue, type PlanRow } from './reference/plans';
import type { SeedRows } from './rows';
import { fictionalPhone, personalEmail } from './shared';
import { variantFor } from './timeline';

/**
 * Demo mode only (`POST /api/v1/demo/member` with `reinstatable`, issue 11): a new household of its own
 * whose medical policy ended for non-payment — an APTC member who stopped paying, whose three-month
 * grace period ran out, so the coverage ended on the last day of the first unpaid month (45 CFR 156.270)
 * — and who may still ask to reinstate it until the end of next month: aisha.johnson's story, with new
 * people, so that a visitor or a journey reinstates a policy without changing the named demo account.
 *
 * Numbered from {@link FIRST_REINSTATABLE_HOUSEHOLD}, after every generated household, so its ids
 * (policy number, exchange and issuer ids, all derived from the number; seed/ids.ts) are its own.
 */
export const FIRST_REINSTATABLE_HOUSEHOLD = 10_000_001;

/** The communities whose households use the portal in a language (seed/reference/names.ts). */
const COMMUNITIES_BY_LANGUAGE: Record<PortalLanguage, readonly Community[]> = {
  en: ['anglo', 'africanAmerican'],
  es: ['latino'],
  pt: ['lusophone', 'brazilian'],
};

export interface ReinstatableHousehold {
  rows: SeedRows;
  /** The plan rows the policy may refer to (last year, this year, next year). */
  plans: PlanRow[];
  subscriber: { firstName: string; lastName: string; email: string | null; dob: CalendarDate; id: string };
  householdId: string;
  policyNumber: string;
  exchangeSubscriberId: string | null;
  zipCode: string;
}

export function reinstatableHousehold(options: {
  number: number;
  today: CalendarDate;
  seed: string;
  language: PortalLanguage;
  status: 'Eligible' | 'Manual';
}): ReinstatableHousehold {
  const { number, today, language } = options;
  const year = yearOf(today);
  const thisMonth = monthStart(today);
  const plans = planCatalogue([year - 1, year, year + 1]);
  const ctx: SeedContext = {
    today,
    seed: options.seed,
    plans: new Map(plans.map((plan) => [plan.id, plan])),
  };
  const rng = Random.from(options.seed, 'reinstatable', number).orderIdsAt(idClock(number));

  const community = rng.pick(COMMUNITIES_BY_LANGUAGE[language]);
  const names = COMMUNITIES[community];
  const places = PLACES.filter((place) => (place.communities[community] ?? 0) > 0);
  const place = rng.weighted(
    places.map(
      (candidate) =>
        [candidate, candidate.weight * (candidate.communities[community] ?? 0)] as [typeof candidate, number],
    ),
  );
  const gender = rng.pick(['female', 'male'] as const);
  const firstName = rng.pick(names.adult[gender]);
  const lastName = rng.pick(names.last);
  const dob = addDays(addMonths(today, -12 * rng.int(26, 58)), -rng.int(0, 364));
  const people: PersonSpec[] = [
    {
      firstName,
      lastName,
      dob,
      gender,
      relationship: 'self',
      email: personalEmail(rng, firstName, lastName),
    },
  ];
  if (rng.chance(0.5)) {
    const childGender = rng.pick(['female', 'male'] as const);
    const childDob = addDays(
      addMonths(today, -12 * rng.int(2, Math.min(17, ageOn(dob, today) - 20))),
      -rng.int(0, 364),
    );
    people.push({
      firstName: rng.pick(names.child[childGender]),
      lastName,
      dob: childDob,
      gender: childGender,
      relationship: 'child',
    });
  }
  const zipCode = rng.pick(place.zipCodes);
  const household = new HouseholdBuilder(ctx, rng, {
    number,
    withHousehold: true,
    exchange: true,
    address: {
      street1: `${rng.int(1, 420)} ${rng.pick(STREETS)}`,
      street2: null,
      city: place.city,
      zipCode,
      county: COUNTIES[place.county],
    },
    mailing: null,
    language,
    paperless: false,
    taxFormsElectronicConsent: false,
    phones: { mobile: fictionalPhone(rng, rng.pick(place.areaCodes)), home: null },
    preferredContactMethod: 'email',
    createdOn: `${year - 2}-11-15`,
  });
  for (const person of people) household.addMember(person);

  // Stopped paying three months ago: the APTC grace period (months 1-3) is over, so the billing clock
  // ended the coverage on the last day of month 1; it may be reinstated until the end of next month.
  const firstUnpaid = addMonths(thisMonth, -3);
  const outcome = household.addPolicy({
    subscriberSlot: 0,
    sequence: 1,
    line: 'Medical',
    market: 'Individual',
    onExchange: true,
    enrollmentType: 'Renewal',
    fplPercent: 210,
    segments: [
      {
        start: `${yearOf(firstUnpaid) - 1}-01-01`,
        end: endOfMonth(firstUnpaid),
        plan: 'harbor-silver',
        variant: variantFor('harbor-silver', true, 210),
        slots: people.map((_, slot) => slot),
      },
    ],
    payment: {
      profile: { kind: 'manual', method: 'BankAccount', roundUp: false },
      lastPaidMonth: addMonths(firstUnpaid, -1),
      withFailure: false,
    },
    termination: {
      reason: 'non-payment',
      reinstatement: { status: options.status, expirationDate: endOfMonth(addMonths(thisMonth, 1)) },
    },
  });
  const subscriber = household.subscriber;
  const rows = household.finish();
  const householdId = household.householdId;
  if (!householdId) throw new Error('a reinstatable household has a household');
  return {
    rows,
    plans,
    subscriber: {
      firstName: subscriber.firstName,
      lastName: subscriber.lastName,
      email: subscriber.email ?? null,
      dob: subscriber.dob,
      id: subscriber.id,
    },
    householdId,
    policyNumber: outcome.policyNumber,
    exchangeSubscriberId: subscriber.exchangeMemberId,
    zipCode,
  };
}
