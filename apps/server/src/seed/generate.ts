import { addDays, addMonths, type CalendarDate } from '@portal/domain';
import { ageOn, yearOf } from './context';
import { addGeneratedCoverage, type Archetype } from './generate-coverage';
import { HouseholdBuilder, type HouseholdSpec } from './household';
import { GENERATED_HOUSEHOLD_BASE, idClock, MAX_GENERATED_HOUSEHOLDS } from './ids';
import type { Gender, PersonSpec } from './model';
import { Random, type Weighted } from './random';
import { COMMUNITIES, UNISEX_NAMES, type Community, type CommunityNames } from './reference/names';
import { COUNTIES, PLACES, STREETS, UNITS, type Place } from './reference/places';
import { appendRows, emptyRows, type SeedRows } from './rows';
import { fictionalPhone, personalEmail, type Shared } from './shared';

/**
 * Generated households (deterministic for a seed and a day): a realistic Massachusetts mix of
 * individual and group coverage, on and off the exchange (the Health Connector), with the life
 * events that make coverage histories interesting. Each household has its own random stream,
 * named by its number, so any range of households can be made on its own (the benchmark makes
 * 100,000 in batches) and comes out the same.
 */

const ARCHETYPES: Weighted<Archetype> = [
  ['onExchangeAptc', 42],
  ['onExchangeFull', 7],
  ['offExchange', 14],
  ['group', 27],
  ['noPolicies', 2],
  ['terminated', 5],
  ['binder', 3],
];
/** The demo broker's book: individual-market households only (brokers sell individual coverage here). */
const BOOK_ARCHETYPES: Weighted<Archetype> = [
  ['onExchangeAptc', 6],
  ['onExchangeFull', 1],
  ['offExchange', 3],
  ['terminated', 1],
  ['binder', 1],
];
/** Households 0, 4, 8 … 60 are the demo broker's clients, so every data set gives him a book. */
const isDemoBrokerBook = (index: number): boolean => index < 64 && index % 4 === 0;

const PLACE_WEIGHTS: Weighted<Place> = PLACES.map((place) => [place, place.weight]);

export function generateHousehold(shared: Shared, index: number): SeedRows {
  if (index < 0 || index >= MAX_GENERATED_HOUSEHOLDS)
    throw new RangeError(`Household index ${index} is out of range`);
  const { ctx } = shared;
  const number = GENERATED_HOUSEHOLD_BASE + index + 1;
  const rng = Random.from(ctx.seed, 'household', number).orderIdsAt(idClock(number));
  const place = rng.weighted(PLACE_WEIGHTS);
  const community = rng.weighted(Object.entries(place.communities) as [Community, number][]);
  const names = COMMUNITIES[community];
  const demoBook = isDemoBrokerBook(index);
  const archetype = rng.weighted(demoBook ? BOOK_ARCHETYPES : ARCHETYPES);
  const people = composeFamily(rng, names, archetype, ctx.today);
  const urban = place.weight >= 3;
  const zipCode = rng.pick(place.zipCodes);
  const street = `${rng.int(1, 420)} ${rng.pick(STREETS)}`;
  const spec: HouseholdSpec = {
    number,
    withHousehold: true,
    exchange:
      archetype === 'onExchangeAptc' ||
      archetype === 'onExchangeFull' ||
      ((archetype === 'terminated' || archetype === 'binder') && rng.chance(0.7)),
    address: {
      street1: street,
      street2: rng.chance(urban ? 0.4 : 0.1) ? rng.pick(UNITS) : null,
      city: place.city,
      zipCode,
      county: placeCounty(place),
    },
    mailing: rng.chance(0.08)
      ? {
          street1: `PO Box ${rng.int(100, 9_999)}`,
          street2: null,
          city: place.city,
          zipCode,
          county: placeCounty(place),
        }
      : null,
    language: rng.weighted(names.languages),
    paperless: rng.chance(0.55),
    taxFormsElectronicConsent: rng.chance(0.5),
    phones: {
      mobile: rng.chance(0.95) ? fictionalPhone(rng, rng.pick(place.areaCodes)) : null,
      home: rng.chance(0.3) ? fictionalPhone(rng, rng.pick(place.areaCodes)) : null,
    },
    preferredContactMethod: rng.weighted([
      ['email', 60],
      ['phone', 30],
      ['mail', 10],
    ]),
    createdOn: addDays(`${yearOf(ctx.today) - 1}-01-01`, -rng.int(30, 400)),
  };
  const household = new HouseholdBuilder(ctx, rng, spec);
  for (const person of people) household.addMember(person);
  // The demo broker's first client is behind on premiums: his book always has a client in a grace period (issue 13).
  addGeneratedCoverage(household, shared, archetype, { demoBook, forceBehind: demoBook && index === 0 });
  return household.finish();
}

/** Households `from` … `from + count - 1`, in order. */
export function generateHouseholds(shared: Shared, from: number, count: number): SeedRows {
  const rows = emptyRows();
  for (let index = from; index < from + count; index++) appendRows(rows, generateHousehold(shared, index));
  return rows;
}

function placeCounty(place: Place): HouseholdSpec['address']['county'] {
  return COUNTIES[place.county];
}

function dobForAge(rng: Random, today: CalendarDate, age: number): CalendarDate {
  // A birthday somewhere in the year before the age is reached again.
  return addDays(addMonths(today, -12 * age), -rng.int(0, 364));
}

function personName(rng: Random, names: CommunityNames, gender: Gender, child: boolean): string {
  if (gender === 'other') return rng.pick(UNISEX_NAMES);
  return rng.pick((child ? names.child : names.adult)[gender]);
}

/** The people of a household: subscriber first, then spouse or partner, then children. */
function composeFamily(
  rng: Random,
  names: CommunityNames,
  archetype: Archetype,
  today: CalendarDate,
): PersonSpec[] {
  const kind = rng.weighted([
    ['single', 40],
    ['couple', 20],
    ['singleParent', 15],
    ['family', 25],
  ] as const);
  const withChildren = kind === 'singleParent' || kind === 'family';
  const bands: Weighted<[number, number]> =
    archetype === 'group'
      ? [
          [[22, 34], 30],
          [[35, 49], 40],
          [[50, 64], 30],
        ]
      : [
          [[19, 25], 10],
          [[26, 34], 20],
          [[35, 44], 20],
          [[45, 54], 22],
          [[55, 64], 28],
        ];
  const [low, high] = rng.weighted(bands);
  const age = Math.max(withChildren ? 24 : low, rng.int(low, high));
  const gender: Gender = rng.weighted([
    ['female', 52],
    ['male', 46],
    ['other', 2],
  ]);
  const lastName = rng.pick(names.last);
  const firstName = personName(rng, names, gender, false);
  const people: PersonSpec[] = [
    {
      firstName,
      lastName,
      dob: dobForAge(rng, today, age),
      gender,
      relationship: 'self',
      email: personalEmail(rng, firstName, lastName),
      tobacco: rng.chance(0.08),
    },
  ];
  if (kind === 'couple' || kind === 'family') {
    const partnerGender: Gender = rng.chance(0.9) ? (gender === 'female' ? 'male' : 'female') : gender;
    const partnerFirst = personName(rng, names, partnerGender, false);
    const partnerLast = rng.chance(0.7) ? lastName : rng.pick(names.last);
    people.push({
      firstName: partnerFirst,
      lastName: partnerLast,
      dob: dobForAge(rng, today, Math.min(64, Math.max(19, age + rng.int(-6, 6)))),
      gender: partnerGender,
      relationship: rng.chance(0.9) ? 'spouse' : 'domesticPartner',
      email: rng.chance(0.5) ? personalEmail(rng, partnerFirst, partnerLast) : null,
    });
  }
  if (withChildren) {
    const count = rng.weighted([
      [1, 45],
      [2, 38],
      [3, 14],
      [4, 3],
    ]);
    for (let child = 0; child < count; child++) {
      const childGender: Gender = rng.chance(0.5) ? 'female' : 'male';
      // Coverage here begins on 1 January last year at the earliest: children aged 2 and up were
      // born before it, so no one is covered before their birth (newborns are not generated).
      const childAge = rng.int(2, Math.max(2, Math.min(24, age - 18)));
      people.push({
        firstName: personName(rng, names, childGender, true),
        lastName,
        dob: dobForAge(rng, today, childAge),
        gender: childGender,
        relationship: rng.chance(0.9) ? 'child' : 'stepchild',
      });
    }
  }
  // A newborn cannot be older than today: clamp births to yesterday.
  return people.map((person) =>
    ageOn(person.dob, today) < 0 ? { ...person, dob: addDays(today, -1) } : person,
  );
}
