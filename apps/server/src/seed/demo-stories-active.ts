import { addDays, addMonths, daysBetween } from '@portal/domain';
import { compareDates } from './context';
import { groupNamed, monthBefore, person, type Story } from './demo-story';
import { demoAccountId } from './ids';
import { variantFor } from './timeline';

/** Named households with coverage in force: on- and off-exchange, group, and one in grace. */
export const ACTIVE_STORIES: readonly Story[] = [
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
        details: { effectiveDate: changeAt, reason: 'Prêmio mais baixo' },
        status: past ? 'Completed' : 'InReview',
        ...(past ? { resolution: 'Plano alterado a partir da data pedida.' } : {}),
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
];
