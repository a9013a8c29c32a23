import { describe, expect, it } from 'vitest';
import {
  correctionCrossesOtherEnd,
  coverageAmountAccess,
  coverageDateOption,
  coverageDateOptions,
  coverageDateReasonsFor,
  coverageDateTarget,
  endCoverageEffects,
  endCoverageOption,
  endCoverageOptions,
  endCoverageReasonsFor,
  requestedDateProblem,
  type CoverageFacts,
} from './coverage-changes';
import type { RoleConfig } from './roles';

const config: RoleConfig = {
  guestRole: 'guest',
  roles: {
    member: {
      routes: ['/admin'],
      actions: [],
      permissions: [],
      coverageDetailAmounts: ['premium', 'subsidies'],
      endCoverageReasons: ['other-coverage', 'moved-out-of-area', 'cost', 'no-reason'],
      coverageDateReasons: ['start-later', 'start-earlier', 'end-later'],
    },
    broker: {
      routes: ['/admin/policy-selection'],
      actions: [],
      permissions: [],
      coverageDetailAmounts: ['premium'],
    },
    'customer-service': {
      routes: ['*'],
      actions: [],
      permissions: [],
      coverageDetailAmounts: ['premium', 'subsidies'],
      endCoverageReasons: ['death', 'fraud', 'other-coverage'],
      coverageDateReasons: ['correction'],
    },
    guest: { routes: [], actions: [], permissions: [] },
  },
};

const limits = { maxDaysAhead: 90, deathDateWindowMonths: 5 };
const facts = (overrides: Partial<CoverageFacts> = {}): CoverageFacts => ({
  today: '2026-11-25',
  market: 'Individual',
  coverage: { startDate: '2026-01-01', endDate: null },
  paidThroughDate: '2026-11-30',
  effectuated: true,
  ...overrides,
});

describe('SPEC §6: the amounts a role may see on coverage details', () => {
  it('gives each role the groups role-config names, and the union of several roles', () => {
    expect(coverageAmountAccess(['member'], config)).toEqual({ premium: true, subsidies: true });
    expect(coverageAmountAccess(['Broker'], config)).toEqual({ premium: true, subsidies: false });
    expect(coverageAmountAccess(['guest'], config)).toEqual({ premium: false, subsidies: false });
    expect(coverageAmountAccess([], config)).toEqual({ premium: false, subsidies: false });
    expect(coverageAmountAccess(['broker', 'member'], config)).toEqual({ premium: true, subsidies: true });
  });
});

describe('SPEC §5: reasons per role', () => {
  it('lists the reasons each role may give, in one order, whatever the order of the file', () => {
    expect(endCoverageReasonsFor(['member'], config)).toEqual([
      'other-coverage',
      'moved-out-of-area',
      'cost',
      'no-reason',
    ]);
    expect(endCoverageReasonsFor(['customer-service'], config)).toEqual(['other-coverage', 'death', 'fraud']);
    expect(endCoverageReasonsFor(['broker'], config)).toEqual([]);
    expect(coverageDateReasonsFor(['member', 'customer-service'], config)).toEqual([
      'start-later',
      'start-earlier',
      'end-later',
      'correction',
    ]);
    expect(coverageDateReasonsFor(['guest'], config)).toEqual([]);
  });
});

describe('ending coverage', () => {
  it('ends at a month end, from this month to the last month end within 90 days', () => {
    expect(endCoverageOption('cost', facts(), limits)).toEqual({
      reason: 'cost',
      unavailable: null,
      dateRule: 'end-of-month',
      window: { earliest: '2026-11-30', latest: '2027-01-31' },
      noteRequired: false,
    });
  });

  it('keeps the months already paid, unless the member has other coverage', () => {
    const paidAhead = facts({ paidThroughDate: '2026-12-31' });
    expect(endCoverageOption('no-reason', paidAhead, limits).window).toEqual({
      earliest: '2026-12-31',
      latest: '2027-01-31',
    });
    expect(endCoverageOption('moved-out-of-area', paidAhead, limits).window?.earliest).toBe('2026-12-31');
    expect(endCoverageOption('other-coverage', paidAhead, limits).window).toEqual({
      earliest: '2026-11-30',
      latest: '2027-01-31',
    });
    // Paid further ahead than the window: the paid period's end is the only date.
    expect(endCoverageOption('cost', facts({ paidThroughDate: '2027-06-30' }), limits).window).toEqual({
      earliest: '2027-06-30',
      latest: '2027-06-30',
    });
  });

  it('only brings an end date that is already set nearer, and has nothing to offer when it is this month', () => {
    expect(
      endCoverageOption(
        'cost',
        facts({ coverage: { startDate: '2026-01-01', endDate: '2027-03-31' } }),
        limits,
      ).window,
    ).toEqual({ earliest: '2026-11-30', latest: '2027-01-31' });
    expect(
      endCoverageOption(
        'cost',
        facts({ coverage: { startDate: '2026-01-01', endDate: '2026-12-31' } }),
        limits,
      ).window,
    ).toEqual({ earliest: '2026-11-30', latest: '2026-11-30' });
    expect(
      endCoverageOption(
        'cost',
        facts({ coverage: { startDate: '2026-01-01', endDate: '2026-11-30' } }),
        limits,
      ),
    ).toMatchObject({ unavailable: 'no-date-left', window: null });
  });

  it('ends a coverage that starts later at the earliest at the end of its first month', () => {
    expect(
      endCoverageOption(
        'other-coverage',
        facts({ coverage: { startDate: '2027-01-01', endDate: null }, paidThroughDate: null }),
        limits,
      ).window,
    ).toEqual({ earliest: '2027-01-31', latest: '2027-01-31' });
  });

  it('refuses cost or no reason on an employer plan, where other coverage and a move still end it', () => {
    const group = facts({ market: 'Group' });
    expect(endCoverageOption('cost', group, limits)).toMatchObject({
      unavailable: 'group-election',
      window: null,
    });
    expect(endCoverageOption('no-reason', group, limits).unavailable).toBe('group-election');
    expect(endCoverageOption('other-coverage', group, limits).unavailable).toBeNull();
    expect(endCoverageOption('moved-out-of-area', group, limits).unavailable).toBeNull();
  });

  it('has nothing to end once the coverage ended or when there is none', () => {
    const ended = facts({ coverage: { startDate: '2025-01-01', endDate: '2025-12-31' } });
    for (const reason of ['cost', 'death', 'fraud'] as const)
      expect(endCoverageOption(reason, ended, limits)).toMatchObject({
        unavailable: 'coverage-ended',
        window: null,
      });
    expect(endCoverageOption('other-coverage', facts({ coverage: null }), limits).unavailable).toBe(
      'coverage-ended',
    );
    expect(endCoverageOption('fraud', facts({ coverage: null }), limits)).toMatchObject({
      dateRule: 'any-day',
      noteRequired: true,
    });
  });

  it('records a death on its day, within SPEC §5’s window back from today and not before the coverage began', () => {
    expect(endCoverageOption('death', facts(), limits)).toMatchObject({
      dateRule: 'any-day',
      window: { earliest: '2026-06-25', latest: '2026-11-25' },
      noteRequired: false,
    });
    expect(
      endCoverageOption(
        'death',
        facts({ coverage: { startDate: '2026-09-01', endDate: '2026-12-31' } }),
        limits,
      ).window,
    ).toEqual({ earliest: '2026-09-01', latest: '2026-11-25' });
    // Not started yet: nothing to end on the day of a death.
    expect(
      endCoverageOption('death', facts({ coverage: { startDate: '2026-12-01', endDate: null } }), limits)
        .unavailable,
    ).toBe('no-date-left');
  });

  it('rescinds for fraud back to the coverage’s start, with a note', () => {
    expect(endCoverageOption('fraud', facts(), limits)).toMatchObject({
      dateRule: 'any-day',
      window: { earliest: '2026-01-01', latest: '2026-11-25' },
      noteRequired: true,
    });
    expect(
      endCoverageOption(
        'fraud',
        facts({ coverage: { startDate: '2026-01-01', endDate: '2026-12-31' }, today: '2026-12-31' }),
        limits,
      ).window?.latest,
    ).toBe('2026-12-31');
  });

  it('lists every reason of the caller with what it allows', () => {
    expect(
      endCoverageOptions(['cost', 'death'], facts({ market: 'Group' }), limits).map((one) => [
        one.reason,
        one.unavailable,
      ]),
    ).toEqual([
      ['cost', 'group-election'],
      ['death', null],
    ]);
  });
});

describe('changing coverage dates', () => {
  it('names the date each reason changes', () => {
    expect(coverageDateTarget('start-later')).toBe('start');
    expect(coverageDateTarget('start-earlier')).toBe('start');
    expect(coverageDateTarget('end-later')).toBe('end');
  });

  it('starts later, on the first of a month, only before a paid coverage has begun', () => {
    const unpaid = facts({
      coverage: { startDate: '2026-11-01', endDate: null },
      effectuated: false,
      paidThroughDate: null,
    });
    expect(coverageDateOption('start-later', unpaid, limits)).toEqual({
      reason: 'start-later',
      unavailable: null,
      dateRule: 'first-of-month',
      window: { earliest: '2026-12-01', latest: '2026-12-01' },
      noteRequired: false,
    });
    const future = facts({
      today: '2026-03-10',
      coverage: { startDate: '2026-04-01', endDate: '2026-12-31' },
      effectuated: true,
    });
    expect(coverageDateOption('start-later', future, limits).window).toEqual({
      earliest: '2026-05-01',
      latest: '2026-06-01',
    });
    expect(coverageDateOption('start-later', facts(), limits).unavailable).toBe('already-started');
    // Never past the end already set.
    expect(
      coverageDateOption(
        'start-later',
        facts({ today: '2026-03-10', coverage: { startDate: '2026-04-01', endDate: '2026-05-15' } }),
        limits,
      ).window,
    ).toEqual({ earliest: '2026-05-01', latest: '2026-05-01' });
  });

  it('starts earlier by up to 60 days within the plan year, asked within 60 days of the start', () => {
    const recent = facts({ today: '2026-04-20', coverage: { startDate: '2026-04-01', endDate: null } });
    expect(coverageDateOption('start-earlier', recent, limits)).toMatchObject({
      dateRule: 'any-day',
      window: { earliest: '2026-01-31', latest: '2026-03-31' },
    });
    expect(
      coverageDateOption(
        'start-earlier',
        facts({ today: '2026-02-10', coverage: { startDate: '2026-02-01', endDate: null } }),
        limits,
      ).window,
    ).toEqual({ earliest: '2026-01-01', latest: '2026-01-31' });
    expect(coverageDateOption('start-earlier', facts(), limits).unavailable).toBe('window-passed');
    expect(coverageDateOption('start-earlier', facts({ today: '2026-01-20' }), limits).unavailable).toBe(
      'no-date-left',
    );
  });

  it('ends later, at a month end up to the end of the plan year, only when an end date is still to come', () => {
    const ending = facts({ coverage: { startDate: '2026-01-01', endDate: '2026-11-30' } });
    expect(coverageDateOption('end-later', ending, limits)).toMatchObject({
      dateRule: 'end-of-month',
      window: { earliest: '2026-12-31', latest: '2026-12-31' },
    });
    expect(coverageDateOption('end-later', facts(), limits).unavailable).toBe('no-end-date');
    expect(
      coverageDateOption(
        'end-later',
        facts({ coverage: { startDate: '2026-01-01', endDate: '2026-12-31' } }),
        limits,
      ).unavailable,
    ).toBe('no-date-left');
    expect(
      coverageDateOption(
        'end-later',
        facts({ coverage: { startDate: '2025-01-01', endDate: '2025-12-31' } }),
        limits,
      ).unavailable,
    ).toBe('coverage-ended');
  });

  it('lets staff correct either date within the plan year, with a note, even after the coverage ended', () => {
    const ended = facts({ coverage: { startDate: '2025-03-01', endDate: '2025-12-31' } });
    expect(coverageDateOption('correction', ended, limits)).toMatchObject({
      unavailable: null,
      dateRule: 'any-day',
      window: { earliest: '2025-01-01', latest: '2025-12-31' },
      noteRequired: true,
    });
    expect(coverageDateOption('correction', facts({ coverage: null }), limits)).toMatchObject({
      unavailable: 'coverage-ended',
      noteRequired: true,
    });
    expect(
      coverageDateOptions(['start-later', 'correction'], facts(), limits).map((one) => one.unavailable),
    ).toEqual(['already-started', null]);
  });

  it('keeps a corrected date on its side of the other one', () => {
    const coverage = { startDate: '2026-03-01', endDate: '2026-09-30' };
    expect(correctionCrossesOtherEnd('start', '2026-10-01', coverage)).toBe(true);
    expect(correctionCrossesOtherEnd('start', '2026-02-01', coverage)).toBe(false);
    expect(correctionCrossesOtherEnd('start', '2026-10-01', { startDate: '2026-03-01', endDate: null })).toBe(
      false,
    );
    expect(correctionCrossesOtherEnd('end', '2026-02-28', coverage)).toBe(true);
    expect(correctionCrossesOtherEnd('end', '2026-03-31', coverage)).toBe(false);
  });
});

describe('checking a requested date', () => {
  const monthEnds = {
    dateRule: 'end-of-month' as const,
    window: { earliest: '2026-11-30', latest: '2027-01-31' },
  };
  it('checks the shape of the date, then its window', () => {
    expect(requestedDateProblem(monthEnds, '2026-12-31')).toBeNull();
    expect(requestedDateProblem(monthEnds, '2026-12-15')).toBe('not-end-of-month');
    expect(requestedDateProblem(monthEnds, '2026-10-31')).toBe('date-before-earliest');
    expect(requestedDateProblem(monthEnds, '2027-02-28')).toBe('date-after-latest');
    expect(
      requestedDateProblem(
        { dateRule: 'first-of-month', window: { earliest: '2026-12-01', latest: '2027-02-01' } },
        '2026-12-02',
      ),
    ).toBe('not-first-of-month');
    expect(requestedDateProblem({ dateRule: 'any-day', window: null }, '2026-12-02')).toBe(
      'date-after-latest',
    );
  });
});

describe('what ending coverage does to payments set up for later', () => {
  it('stops autopay and cancels the scheduled payments dated after the last day', () => {
    const scheduled = [
      { id: 'a', paymentDate: '2026-12-31' },
      { id: 'b', paymentDate: '2027-01-05' },
    ];
    expect(endCoverageEffects('2026-12-31', true, scheduled)).toEqual({
      autopayStops: true,
      scheduledKept: [scheduled[0]],
      scheduledCancelled: [scheduled[1]],
    });
    expect(endCoverageEffects('2026-12-31', false, []).autopayStops).toBe(false);
  });
});
