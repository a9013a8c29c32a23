import { isCalendarDate, type CalendarDate } from '@portal/domain';
import { instant, itemAt, yearOf, type SeedContext } from './context';
import { brokerNpn, employerGroupNumber } from './ids';
import type { GroupInfo } from './model';
import { Random } from './random';
import { COMMUNITIES, type Community } from './reference/names';
import { BROKERS, DEMO_BROKER, EMPLOYERS, type BrokerSeed } from './reference/parties';
import { PLACES } from './reference/places';
import { planCatalogue, type PlanRow } from './reference/plans';
import { emptyRows, type SeedRows } from './rows';

/** Options of a demo data set: the same (seed, today) always gives the same rows. */
export interface GenerateOptions {
  /** Generated households, besides the named demo households. */
  readonly households: number;
  readonly seed: string | number;
  readonly today: CalendarDate;
}

/** Rows every household refers to (plans, brokers, employer groups) and the context to build with. */
export interface Shared {
  readonly ctx: SeedContext;
  readonly rows: SeedRows;
  readonly demoBrokerId: string;
  readonly brokerIds: readonly string[];
  readonly groups: readonly GroupInfo[];
}

const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** A 555-01xx number: the range set aside for fiction, so no real person is ever called. */
export function fictionalPhone(rng: Random, areaCode: string): string {
  return `(${areaCode}) 555-01${rng.digits(2)}`;
}

/** An address at a reserved example domain (RFC 2606), so no real mailbox is ever written to. */
export function personalEmail(rng: Random, firstName: string, lastName: string): string {
  const domain = rng.pick(['example.com', 'example.net', 'example.org']);
  return `${slug(firstName)}.${slug(lastName)}${rng.int(1, 99)}@${domain}`;
}

export function businessEmail(mailbox: string, organisation: string): string {
  return `${mailbox}@${slug(organisation)}.example`;
}

const INDUSTRIES = [
  'Family Dental',
  'Auto Repair',
  'Bakery',
  'Landscaping',
  'Property Management',
  'Home Health Aides',
  'Machine Shop',
  'Cleaning Services',
  'Pharmacy',
  'Child Care Center',
];

/**
 * The plan catalogue for last year, this year and next year (renewals appear for next year from
 * open enrolment on), the brokers (the demo broker first) and the employer groups. Larger data sets
 * get more brokers and employers, so no broker has an absurd book.
 */
export function buildShared(options: GenerateOptions): Shared {
  if (!isCalendarDate(options.today))
    throw new RangeError(`today must be a calendar date YYYY-MM-DD, got ${String(options.today)}`);
  if (!Number.isInteger(options.households) || options.households < 0)
    throw new RangeError('households must be a whole number >= 0');
  const seed = String(options.seed);
  const year = yearOf(options.today);
  const planRows: PlanRow[] = planCatalogue([year - 1, year, year + 1]);
  const ctx: SeedContext = {
    today: options.today,
    seed,
    plans: new Map(planRows.map((plan) => [plan.id, plan])),
  };
  const rows = emptyRows();
  rows.plans.push(...planRows);
  const rng = Random.from(seed, 'shared');
  const created = instant(`${year - 3}-06-01`, 15 * 60);

  const extraBrokers = Math.floor(options.households / 2_000);
  const brokerSeeds: (BrokerSeed & { npn: string })[] = [
    DEMO_BROKER,
    ...BROKERS.map((broker, index) => ({ ...broker, npn: brokerNpn(index) })),
  ];
  for (let index = 0; index < extraBrokers; index++) {
    const place = rng.pick(PLACES);
    const community = rng.pick(Object.keys(place.communities)) as Community;
    const names = COMMUNITIES[community];
    const gender = rng.pick(['female', 'male'] as const);
    const lastName = rng.pick(names.last);
    brokerSeeds.push({
      firstName: rng.pick(names.adult[gender]),
      lastName,
      agencyName: `${lastName} Insurance Agency`,
      city: place.city,
      areaCode: rng.pick(place.areaCodes),
      licensedStates: ['MA'],
      npn: brokerNpn(BROKERS.length + index),
    });
  }
  const brokerIds: string[] = [];
  for (const broker of brokerSeeds) {
    const id = rng.uuid();
    brokerIds.push(id);
    rows.brokers.push({
      id,
      npn: broker.npn,
      firstName: broker.firstName,
      lastName: broker.lastName,
      agencyName: broker.agencyName,
      email: businessEmail(`${slug(broker.firstName)}.${slug(broker.lastName)}`, broker.agencyName),
      phone: fictionalPhone(rng, broker.areaCode),
      licensedStates: [...broker.licensedStates],
      createdAt: created,
    });
  }

  const employers = [...EMPLOYERS];
  for (let index = 0; index < Math.floor(options.households / 1_000); index++) {
    const place = rng.pick(PLACES);
    employers.push({
      name: `${place.city} ${rng.pick(INDUSTRIES)}`,
      city: place.city,
      areaCode: rng.pick(place.areaCodes),
      contributionPercent: rng.pick([50, 60, 65, 70, 75, 80]),
    });
  }
  const groups: GroupInfo[] = employers.map((employer, index) => {
    const id = rng.uuid();
    const groupNumber = employerGroupNumber(index);
    const contact = COMMUNITIES[rng.pick(['anglo', 'latino', 'lusophone', 'africanAmerican'] as const)];
    const contactFirst = rng.pick(contact.adult.female);
    const contactLast = rng.pick(contact.last);
    rows.employerGroups.push({
      id,
      groupNumber,
      name: employer.name,
      contactName: `${contactFirst} ${contactLast}`,
      contactEmail: businessEmail('benefits', employer.name),
      contactPhone: fictionalPhone(rng, employer.areaCode),
      employerContributionPercent: String(employer.contributionPercent),
      createdAt: created,
    });
    return { id, groupNumber, contributionPercent: employer.contributionPercent };
  });

  return { ctx, rows, demoBrokerId: itemAt(brokerIds, 0), brokerIds: brokerIds.slice(1), groups };
}
