import { addMonths, endOfMonth } from '@portal/domain';
import { yearOf } from './context';
import { groupNamed, person, type Story } from './demo-story';
import { variantFor } from './timeline';

/**
 * Named households for the edge scenarios of SPEC §4: terminated (reinstatable or not), no
 * policies, a policy without a household, and a binder payment still to make.
 */
export const EDGE_STORIES: readonly Story[] = [
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
