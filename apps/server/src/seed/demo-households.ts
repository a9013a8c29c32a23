import { addDays, addMonths, daysBetween, endOfMonth, type CalendarDate } from '@portal/domain';
import { monthStart } from './billing';
import { compareDates, itemAt, yearOf } from './context';
import { HouseholdBuilder, type HouseholdSpec } from './household';
import { DEMO_HOUSEHOLD_BASE } from './ids';
import type { PersonSpec, PolicyOutcome } from './model';
import { Random } from './random';
import { EMPLOYERS } from './reference/parties';
import { COUNTIES, placeNamed } from './reference/places';
import { appendRows, emptyRows, type SeedRows } from './rows';
import type { Shared } from './shared';
import { variantFor } from './timeline';

/**
 * The named demo households (README "Demo accounts"): each one is built to show one situation of
 * SPEC §4 and DOMAIN, with dates relative to today so the demo never goes stale.
 */

export type DemoHouseholdKey =
  'maria' | 'joao' | 'linda' | 'kevin' | 'aisha' | 'tomas' | 'grace' | 'ana' | 'robert';

export interface DemoHousehold {
  readonly key: DemoHouseholdKey;
  readonly number: number;
  readonly subscriberId: string;
  readonly householdId: string | null;
  readonly zipCode: string;
  readonly dob: CalendarDate;
  readonly policies: readonly PolicyOutcome[];
  readonly exchangeSubscriberId: string | null;
}

interface Story {
  readonly key: DemoHouseholdKey;
  readonly city: string;
  readonly zipCode: string;
  readonly street1: string;
  readonly street2: string | null;
  readonly language: HouseholdSpec['language'];
  readonly exchange: boolean;
  readonly withHousehold?: boolean;
  /** Birth dates are fixed (people do not get younger): the README's guest facts stay true. */
  readonly people: () => PersonSpec[];
  readonly coverage: (household: HouseholdBuilder, shared: Shared, dates: StoryDates) => void;
}

interface StoryDates {
  readonly today: CalendarDate;
  readonly year: number;
  readonly thisMonth: CalendarDate;
  /** Open enrolment for next year has started: renewals for next year exist. */
  readonly openEnrollment: boolean;
}

const person = (
  firstName: string,
  lastName: string,
  dob: CalendarDate,
  gender: PersonSpec['gender'],
  relationship: PersonSpec['relationship'],
  email: string | null = null,
): PersonSpec => ({
  firstName,
  lastName,
  dob,
  gender,
  relationship,
  email,
});

const groupNamed = (shared: Shared, name: string): NonNullable<Shared['groups'][number]> => {
  const group = shared.groups[EMPLOYERS.findIndex((employer) => employer.name === name)];
  if (!group) throw new RangeError(`No demo employer named ${name}`);
  return group;
};

const STORIES: readonly Story[] = [
  {
    key: 'maria',
    city: 'Lawrence',
    zipCode: '01841',
    street1: '212 Haverhill St',
    street2: 'Apt 2',
    language: 'es',
    exchange: true,
    people: () => [
      person('María', 'Santos', '1985-03-14', 'female', 'self', 'maria.santos@example.com'),
      person('Luis', 'Santos', '1983-07-02', 'male', 'spouse'),
      person('Sofía', 'Santos', '2014-05-20', 'female', 'child'),
      person('Mateo', 'Santos', '2018-09-09', 'male', 'child'),
    ],
    coverage: (household, shared, { year, openEnrollment }) => {
      household.addBankAccount('Checking');
      household.addCard({ brand: 'Visa', funding: 'debit', nickname: 'Visa de María' });
      const end = openEnrollment ? `${year + 1}-12-31` : `${year}-12-31`;
      const slots = [0, 1, 2, 3];
      // Silver with cost-sharing reductions (87 % AV at 190 % FPL) and APTC, through the Health Connector.
      const common = {
        subscriberSlot: 0,
        market: 'Individual',
        onExchange: true,
        enrollmentType: 'Renewal',
        brokerId: shared.demoBrokerId,
        autopay: true,
      } as const;
      household.addPolicy({
        ...common,
        sequence: 1,
        line: 'Medical',
        fplPercent: 190,
        segments: [
          {
            start: `${year - 1}-01-01`,
            end,
            plan: 'harbor-silver',
            variant: variantFor('harbor-silver', true, 190),
            slots,
          },
        ],
        payment: {
          profile: { kind: 'autopay', runDay: 20, method: 'BankAccount' },
          lastPaidMonth: null,
          withFailure: false,
        },
      });
      household.addPolicy({
        ...common,
        sequence: 2,
        line: 'Dental',
        segments: [{ start: `${year - 1}-01-01`, end, plan: 'smile-plus', variant: '01', slots }],
        payment: {
          profile: { kind: 'autopay', runDay: 20, method: 'Card' },
          lastPaidMonth: null,
          withFailure: false,
        },
      });
    },
  },
  {
    key: 'joao',
    city: 'Fall River',
    zipCode: '02721',
    street1: '87 Columbia St',
    street2: '2nd Fl',
    language: 'pt',
    exchange: false,
    people: () => [
      person('João', 'Silva', '1979-02-11', 'male', 'self', 'joao.silva@example.net'),
      person('Fátima', 'Silva', '1981-11-30', 'female', 'spouse'),
    ],
    coverage: (household, _shared, { today, year, thisMonth, openEnrollment }) => {
      // A mid-year plan change (gold to silver PPO): two contiguous spans that merge into one period.
      const june = `${year}-06-01`;
      const change = compareDates(thisMonth, june) < 0 ? thisMonth : june;
      const changeAt = compareDates(change, `${year}-02-01`) < 0 ? `${year}-02-01` : change;
      const end = openEnrollment ? `${year + 1}-12-31` : `${year}-12-31`;
      const payment = {
        profile: { kind: 'manual', method: 'Card', roundUp: false },
        lastPaidMonth: null,
        withFailure: false,
      } as const;
      const common = {
        subscriberSlot: 0,
        market: 'Individual',
        onExchange: false,
        enrollmentType: 'Renewal',
        payment,
        scheduledAhead: 2,
      } as const;
      const before = {
        start: `${year - 1}-01-01`,
        end: monthBefore(changeAt),
        plan: 'coastal-gold',
        variant: '00',
        slots: [0, 1],
      } as const;
      const after = { start: changeAt, end, plan: 'coastal-silver', variant: '00', slots: [0, 1] } as const;
      const medical = household.addPolicy({
        ...common,
        sequence: 1,
        line: 'Medical',
        segments: [before, after],
      });
      // Off-exchange changes go to the issuer as service requests (DOMAIN "Changes and requests").
      const askedOn = addDays(changeAt, -20);
      const past = compareDates(askedOn, today) < 0;
      household.addServiceRequest({
        sequence: 1,
        type: 'change-plan',
        subject: 'Mudança de plano: Gold PPO para Silver PPO',
        status: past ? 'Completed' : 'InReview',
        daysAgo: past ? daysBetween(askedOn, today) : 3,
        policyId: medical.id,
        submittedBy: demoAccountId(household.ctx.seed, 'joao.silva'),
      });
      household.addPolicy({
        ...common,
        sequence: 3,
        line: 'Vision',
        segments: [{ start: `${year - 1}-01-01`, end, plan: 'clearview', variant: '00', slots: [0, 1] }],
      });
    },
  },
  {
    key: 'linda',
    city: 'Quincy',
    zipCode: '02171',
    street1: '45 Hancock St',
    street2: 'Unit 4',
    language: 'en',
    exchange: false,
    people: () => [
      person('Linda', 'Nguyen', '1988-08-23', 'female', 'self', 'linda.nguyen@example.org'),
      person('Minh', 'Nguyen', '1986-01-17', 'male', 'spouse'),
      person('Emily', 'Nguyen', '2017-04-04', 'female', 'child'),
    ],
    coverage: (household, shared, { year, openEnrollment }) => {
      const group = groupNamed(shared, 'Quincy Bay Physical Therapy');
      const end = openEnrollment ? `${year + 1}-12-31` : `${year}-12-31`;
      const common = {
        subscriberSlot: 0,
        market: 'Group',
        onExchange: false,
        enrollmentType: 'New',
        group,
        autopay: true,
        payment: {
          profile: { kind: 'autopay', runDay: 25, method: 'BankAccount' },
          lastPaidMonth: null,
          withFailure: false,
        },
        // SPEC §9: the employer's HRA pays 10 % of the premium on top of its 80 % contribution.
        hra: { kind: 'percentage', percent: 10, startDate: `${year}-01-01`, endDate: null },
      } as const;
      household.addPolicy({
        ...common,
        sequence: 1,
        line: 'Medical',
        segments: [
          { start: `${year}-01-01`, end, plan: 'workwell-gold-hmo', variant: '00', slots: [0, 1, 2] },
        ],
      });
      household.addPolicy({
        ...common,
        sequence: 3,
        line: 'Vision',
        segments: [{ start: `${year}-01-01`, end, plan: 'workwell-vision', variant: '00', slots: [0, 1, 2] }],
      });
    },
  },
  {
    key: 'kevin',
    city: 'Worcester',
    zipCode: '01604',
    street1: '19 Grafton St',
    street2: null,
    language: 'en',
    exchange: true,
    people: () => [person('Kevin', "O'Connor", '1974-10-05', 'male', 'self', 'kevin.oconnor@example.com')],
    coverage: (household, shared, { year, thisMonth }) => {
      // Paid through two months ago: last month is month 1 of the APTC grace period, this month is month 2.
      household.addPolicy({
        subscriberSlot: 0,
        sequence: 1,
        line: 'Medical',
        market: 'Individual',
        onExchange: true,
        enrollmentType: 'Renewal',
        fplPercent: 240,
        brokerId: shared.brokerIds[3] ?? null,
        segments: [
          {
            start: `${year - 1}-01-01`,
            end: `${year}-12-31`,
            plan: 'harbor-silver',
            variant: variantFor('harbor-silver', true, 240),
            slots: [0],
          },
        ],
        payment: {
          profile: { kind: 'manual', method: 'Card', roundUp: false },
          lastPaidMonth: addMonths(thisMonth, -2),
          withFailure: false,
        },
      });
    },
  },
  {
    key: 'aisha',
    city: 'Brockton',
    zipCode: '02301',
    street1: '140 Belmont St',
    street2: 'Apt 3',
    language: 'en',
    exchange: true,
    people: () => [
      person('Aisha', 'Johnson', '1992-06-12', 'female', 'self', 'aisha.johnson@example.com'),
      person('Josiah', 'Johnson', '2019-02-28', 'male', 'child'),
    ],
    coverage: (household, _shared, { year, thisMonth }) => {
      // Grace period over, so terminated for non-payment at the end of its first month, and may still be reinstated.
      const firstUnpaid = addMonths(thisMonth, -3);
      household.addPolicy({
        subscriberSlot: 0,
        sequence: 1,
        line: 'Medical',
        market: 'Individual',
        onExchange: true,
        enrollmentType: 'Renewal',
        fplPercent: 210,
        segments: [
          {
            start: `${year - 1}-01-01`,
            end: endOfMonth(firstUnpaid),
            plan: 'harbor-silver',
            variant: variantFor('harbor-silver', true, 210),
            slots: [0, 1],
          },
        ],
        payment: {
          profile: { kind: 'manual', method: 'BankAccount', roundUp: false },
          lastPaidMonth: addMonths(firstUnpaid, -1),
          withFailure: false,
        },
        termination: {
          reason: 'non-payment',
          reinstatement: { status: 'Eligible', expirationDate: endOfMonth(addMonths(thisMonth, 1)) },
        },
      });
    },
  },
  {
    key: 'tomas',
    city: 'Chelsea',
    zipCode: '02150',
    street1: '33 Broadway',
    street2: '3rd Fl',
    language: 'es',
    exchange: true,
    people: () => [
      person('Tomás', 'Rivera', '1997-12-01', 'male', 'self', 'tomas.rivera@example.net'),
      person('Daniela', 'Rivera', '1999-04-15', 'female', 'spouse'),
    ],
    coverage: (household, _shared, { today }) => {
      household.addHouseholdNotice('enrollment-reminder', addMonths(today, -1), {
        reason: 'eligible-not-enrolled',
      });
    },
  },
  {
    key: 'grace',
    city: 'Cambridge',
    zipCode: '02139',
    street1: '300 Massachusetts Ave',
    street2: 'Apt 305',
    language: 'en',
    exchange: false,
    withHousehold: false,
    people: () => [person('Grace', 'Kim', '1993-09-18', 'female', 'self', 'grace.kim@example.org')],
    coverage: (household, shared, { year }) => {
      // Enrolled by her employer's file, never linked to a household.
      household.addPolicy({
        subscriberSlot: 0,
        sequence: 1,
        line: 'Medical',
        market: 'Group',
        onExchange: false,
        enrollmentType: 'New',
        group: groupNamed(shared, 'Charles River Software Cooperative'),
        segments: [
          {
            start: `${year}-01-01`,
            end: `${year}-12-31`,
            plan: 'workwell-gold-ppo',
            variant: '00',
            slots: [0],
          },
        ],
        payment: {
          profile: { kind: 'manual', method: 'Card', roundUp: false },
          lastPaidMonth: null,
          withFailure: false,
        },
      });
    },
  },
  {
    key: 'ana',
    city: 'Framingham',
    zipCode: '01702',
    street1: '58 Waverley St',
    street2: null,
    language: 'pt',
    exchange: true,
    people: () => [person('Ana', 'Costa', '1995-07-27', 'female', 'self', 'ana.costa@example.com')],
    coverage: (household, _shared, { year, thisMonth, openEnrollment }) => {
      // Just enrolled for next month (and, in open enrolment, next year); the binder payment is not
      // made yet (no grace period for a binder).
      const start = addMonths(thisMonth, 1);
      const end = openEnrollment && yearOf(start) === year ? `${year + 1}-12-31` : `${yearOf(start)}-12-31`;
      household.addPolicy({
        subscriberSlot: 0,
        sequence: 1,
        line: 'Medical',
        market: 'Individual',
        onExchange: true,
        enrollmentType: 'New',
        fplPercent: 180,
        segments: [
          { start, end, plan: 'harbor-silver', variant: variantFor('harbor-silver', true, 180), slots: [0] },
        ],
        payment: { profile: { kind: 'none' }, lastPaidMonth: null, withFailure: false },
      });
    },
  },
  {
    key: 'robert',
    city: 'Malden',
    zipCode: '02148',
    street1: '76 Salem St',
    street2: null,
    language: 'en',
    exchange: false,
    people: () => [person('Robert', 'Chen', '1968-05-03', 'male', 'self', 'robert.chen@example.com')],
    coverage: (household, _shared, { year, thisMonth }) => {
      // Left for an employer plan: terminated on request, not eligible for reinstatement.
      const payment = {
        profile: { kind: 'manual', method: 'Card', roundUp: false },
        lastPaidMonth: null,
        withFailure: false,
      } as const;
      household.addPolicy({
        subscriberSlot: 0,
        sequence: 1,
        line: 'Medical',
        market: 'Individual',
        onExchange: false,
        enrollmentType: 'Renewal',
        payment,
        segments: [
          {
            start: `${year - 1}-01-01`,
            end: endOfMonth(addMonths(thisMonth, -4)),
            plan: 'coastal-silver',
            variant: '00',
            slots: [0],
          },
        ],
        termination: { reason: 'voluntary', reinstatement: { status: 'NotEligible', expirationDate: null } },
      });
      // A dental plan he applied for and cancelled before it started: a cancelled span.
      household.addPolicy({
        subscriberSlot: 0,
        sequence: 2,
        line: 'Dental',
        market: 'Individual',
        onExchange: false,
        enrollmentType: 'New',
        payment: { profile: { kind: 'none' }, lastPaidMonth: null, withFailure: false },
        segments: [
          {
            start: addMonths(thisMonth, -6),
            end: endOfMonth(addMonths(thisMonth, -6)),
            plan: 'smile-basic',
            variant: '00',
            slots: [0],
            cancelled: true,
          },
        ],
      });
    },
  },
];

/** Account ids are fixed per seed and username, so a household can refer to its member's account. */
export function demoAccountId(seed: string, username: string): string {
  return Random.from(seed, 'account', username).uuid();
}

function monthBefore(month: CalendarDate): CalendarDate {
  return endOfMonth(addMonths(month, -1));
}

/** Builds the named households; the newest two notifications of each stay unread, the rest are read. */
export function buildDemoHouseholds(shared: Shared): {
  rows: SeedRows;
  households: Record<DemoHouseholdKey, DemoHousehold>;
} {
  const { ctx } = shared;
  const year = yearOf(ctx.today);
  const dates: StoryDates = {
    today: ctx.today,
    year,
    thisMonth: monthStart(ctx.today),
    openEnrollment: compareDates(ctx.today, `${year}-11-01`) >= 0,
  };
  const rows = emptyRows();
  const households = {} as Record<DemoHouseholdKey, DemoHousehold>;
  STORIES.forEach((story, index) => {
    const number = DEMO_HOUSEHOLD_BASE + index + 1;
    const rng = Random.from(ctx.seed, 'demo', story.key);
    const place = placeNamed(story.city);
    const household = new HouseholdBuilder(ctx, rng, {
      number,
      withHousehold: story.withHousehold ?? true,
      exchange: story.exchange,
      address: {
        street1: story.street1,
        street2: story.street2,
        city: story.city,
        zipCode: story.zipCode,
        county: COUNTIES[place.county],
      },
      mailing: null,
      language: story.language,
      paperless: true,
      taxFormsElectronicConsent: story.key === 'maria',
      phones: {
        mobile: `(${itemAt(place.areaCodes, 0)}) 555-01${String(10 + index * 7).padStart(2, '0')}`,
        home: null,
      },
      preferredContactMethod: 'email',
      createdOn: `${year - 2}-11-15`,
    });
    for (const member of story.people()) household.addMember(member);
    story.coverage(household, shared, dates);
    const built = household.finish();
    const newestFirst = [...built.notifications].sort(
      (a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0),
    );
    newestFirst.forEach((notification, position) => {
      const created = notification.createdAt ?? new Date(0);
      notification.readAt = position < 2 ? null : new Date(created.getTime() + 3 * 60 * 60 * 1000);
    });
    appendRows(rows, built);
    const subscriber = household.subscriber;
    households[story.key] = {
      key: story.key,
      number,
      subscriberId: subscriber.id,
      householdId: household.householdId,
      zipCode: story.zipCode,
      dob: subscriber.dob,
      policies: household.outcomes,
      exchangeSubscriberId: story.exchange ? subscriber.exchangeMemberId : null,
    };
  });
  return { rows, households };
}
