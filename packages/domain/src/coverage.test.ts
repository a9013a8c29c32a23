import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isDateWithin } from './calendar-date';
import {
  choosePolicySpans,
  coverageDetailStatus,
  isSpanCancelled,
  isSpanCurrent,
  isSpanFuture,
  marketCoverage,
  memberStatus,
  mergeContiguousSpans,
  policyDisplayStatus,
  stateSource,
  subscriberPolicies,
  withinTerminatedPlansDaysOut,
} from './coverage';
import type { CoverageSpan } from './coverage';

const span = (startDate: string, endDate: string | null, cancelled?: boolean): CoverageSpan =>
  cancelled === undefined ? { startDate, endDate } : { startDate, endDate, cancelled };

describe('span predicates', () => {
  it('treats a flagged span, or one ending before it starts, as cancelled', () => {
    expect(isSpanCancelled(span('2025-01-01', '2025-12-31', true))).toBe(true);
    expect(isSpanCancelled(span('2025-01-01', '2024-12-31'))).toBe(true);
    expect(isSpanCancelled(span('2025-01-01', '2025-01-01'))).toBe(false);
    expect(isSpanCancelled(span('2025-01-01', null, false))).toBe(false);
  });

  it('knows current and future spans, both ends inclusive', () => {
    expect(isSpanCurrent(span('2025-01-01', '2025-01-31'), '2025-01-01')).toBe(true);
    expect(isSpanCurrent(span('2025-01-01', '2025-01-31'), '2025-01-31')).toBe(true);
    expect(isSpanCurrent(span('2025-01-01', null), '2040-01-01')).toBe(true);
    expect(isSpanCurrent(span('2025-01-01', '2025-01-31'), '2025-02-01')).toBe(false);
    expect(isSpanFuture(span('2025-02-01', null), '2025-01-31')).toBe(true);
    expect(isSpanFuture(span('2025-02-01', null), '2025-02-01')).toBe(false);
  });
});

describe('mergeContiguousSpans', () => {
  it('gives nothing for no spans', () => {
    expect(mergeContiguousSpans([])).toEqual([]);
  });

  it('merges a span that starts the day after the previous one ends', () => {
    expect(
      mergeContiguousSpans([span('2025-01-01', '2025-01-31'), span('2025-02-01', '2025-06-30')]),
    ).toEqual([{ startDate: '2025-01-01', endDate: '2025-06-30' }]);
  });

  it('keeps gapped spans apart, even by a single day', () => {
    expect(
      mergeContiguousSpans([span('2025-01-01', '2025-01-31'), span('2025-02-02', '2025-06-30')]),
    ).toEqual([
      { startDate: '2025-01-01', endDate: '2025-01-31' },
      { startDate: '2025-02-02', endDate: '2025-06-30' },
    ]);
  });

  it('knows the leap day when deciding contiguity', () => {
    expect(
      mergeContiguousSpans([span('2024-01-01', '2024-02-28'), span('2024-02-29', '2024-12-31')]),
    ).toHaveLength(1);
    expect(
      mergeContiguousSpans([span('2024-01-01', '2024-02-28'), span('2024-03-01', '2024-12-31')]),
    ).toHaveLength(2);
    expect(
      mergeContiguousSpans([span('2023-01-01', '2023-02-28'), span('2023-03-01', '2023-12-31')]),
    ).toHaveLength(1);
  });

  it('drops cancelled spans, so they neither show nor bridge a gap', () => {
    expect(
      mergeContiguousSpans([
        span('2025-01-01', '2025-01-31'),
        span('2025-02-01', '2025-02-28', true),
        span('2025-03-01', '2025-03-31'),
        span('2025-05-01', '2025-04-30'),
      ]),
    ).toEqual([
      { startDate: '2025-01-01', endDate: '2025-01-31' },
      { startDate: '2025-03-01', endDate: '2025-03-31' },
    ]);
  });

  it('merges overlapping spans and lets an open end absorb what follows', () => {
    expect(
      mergeContiguousSpans([
        span('2025-06-01', '2025-12-31'),
        span('2025-01-01', null),
        span('2025-03-01', '2025-04-30'),
      ]),
    ).toEqual([{ startDate: '2025-01-01', endDate: null }]);
    expect(
      mergeContiguousSpans([span('2025-01-01', '2025-06-30'), span('2025-03-01', '2025-04-30')]),
    ).toEqual([{ startDate: '2025-01-01', endDate: '2025-06-30' }]);
  });

  it('sorts its result by start date whatever the input order', () => {
    expect(
      mergeContiguousSpans([span('2025-05-01', '2025-05-31'), span('2025-01-01', '2025-01-31')]),
    ).toEqual([
      { startDate: '2025-01-01', endDate: '2025-01-31' },
      { startDate: '2025-05-01', endDate: '2025-05-31' },
    ]);
  });

  const spanArbitrary = fc
    .record({
      start: fc.integer({ min: 0, max: 400 }),
      length: fc.integer({ min: -3, max: 60 }),
      openEnded: fc.boolean(),
      cancelled: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ start, length, openEnded, cancelled }) =>
      span(
        addDays('2024-01-01', start),
        openEnded && length > 50 ? null : addDays('2024-01-01', start + length),
        cancelled,
      ),
    );
  const spansArbitrary = fc.array(spanArbitrary, { maxLength: 12 });

  it('is idempotent', () => {
    fc.assert(
      fc.property(spansArbitrary, (spans) => {
        const once = mergeContiguousSpans(spans);
        expect(mergeContiguousSpans(once)).toEqual(once);
      }),
    );
  });

  it('does not depend on the order of the spans', () => {
    fc.assert(
      fc.property(
        spansArbitrary.chain((spans) =>
          fc.tuple(fc.constant(spans), fc.shuffledSubarray(spans, { minLength: spans.length })),
        ),
        ([spans, shuffled]) => {
          expect(mergeContiguousSpans(shuffled)).toEqual(mergeContiguousSpans(spans));
        },
      ),
    );
  });

  it('covers exactly the days the non-cancelled spans cover, with gaps between its periods', () => {
    fc.assert(
      fc.property(spansArbitrary, fc.integer({ min: -5, max: 480 }), (spans, dayOffset) => {
        const day = addDays('2024-01-01', dayOffset);
        const merged = mergeContiguousSpans(spans);
        const coveredBefore = spans.some(
          (s) => !isSpanCancelled(s) && isDateWithin(day, s.startDate, s.endDate),
        );
        const coveredAfter = merged.some((s) => isDateWithin(day, s.startDate, s.endDate));
        expect(coveredAfter).toBe(coveredBefore);
        for (let i = 1; i < merged.length; i += 1) {
          const previousEnd = merged[i - 1]!.endDate;
          expect(previousEnd).not.toBeNull();
          expect(merged[i]!.startDate > addDays(previousEnd!, 1)).toBe(true);
        }
      }),
    );
  });
});

describe('memberStatus', () => {
  const today = '2025-06-15';

  it('is Active when a span is current, reporting the merged period', () => {
    expect(memberStatus([span('2025-01-01', '2025-05-31'), span('2025-06-01', '2025-12-31')], today)).toEqual(
      {
        status: 'Active',
        span: { startDate: '2025-01-01', endDate: '2025-12-31' },
      },
    );
    expect(memberStatus([span('2025-06-15', '2025-06-15')], today).status).toBe('Active');
  });

  it('is Pending when only a future span exists, with the earliest one', () => {
    expect(memberStatus([span('2025-09-01', null), span('2025-07-01', '2025-07-31')], today)).toEqual({
      status: 'Pending',
      span: { startDate: '2025-07-01', endDate: '2025-07-31' },
    });
  });

  it('is Pending rather than Inactive when there are ended and future spans', () => {
    expect(memberStatus([span('2024-01-01', '2024-12-31'), span('2025-07-01', null)], today).status).toBe(
      'Pending',
    );
  });

  it('is Inactive otherwise, with the most recently ended period', () => {
    expect(memberStatus([span('2024-01-01', '2024-03-31'), span('2025-01-01', '2025-06-14')], today)).toEqual(
      {
        status: 'Inactive',
        span: { startDate: '2025-01-01', endDate: '2025-06-14' },
      },
    );
  });

  it('ignores cancelled spans, even a current one', () => {
    expect(
      memberStatus([span('2025-01-01', '2025-12-31', true), span('2024-01-01', '2024-12-31')], today),
    ).toEqual({
      status: 'Inactive',
      span: { startDate: '2024-01-01', endDate: '2024-12-31' },
    });
  });

  it('is Inactive without a period when there are no spans', () => {
    expect(memberStatus([], today)).toEqual({ status: 'Inactive', span: null });
    expect(memberStatus([span('2025-01-01', '2025-12-31', true)], today)).toEqual({
      status: 'Inactive',
      span: null,
    });
  });
});

describe('choosePolicySpans', () => {
  const today = '2025-06-15';
  const current = { id: 'current', ...span('2025-01-01', '2025-12-31') };
  const terminated = { id: 'terminated', ...span('2024-01-01', '2024-12-31') };
  const olderTerminated = { id: 'older', ...span('2023-01-01', '2023-12-31') };
  const futureA = { id: 'futureA', ...span('2026-01-01', '2026-12-31') };
  const futureB = { id: 'futureB', ...span('2027-01-01', null) };
  const cancelledA = { id: 'cancelledA', ...span('2025-03-01', '2025-12-31', true) };
  const cancelledB = { id: 'cancelledB', ...span('2025-04-01', '2025-03-31') };

  it('takes the current span, and makes each future span an extra policy (earliest first)', () => {
    expect(choosePolicySpans([futureB, terminated, current, futureA], today)).toEqual({
      primary: current,
      extras: [futureA, futureB],
    });
  });

  it('takes the most recently terminated span when none is current', () => {
    expect(choosePolicySpans([olderTerminated, terminated], today)).toEqual({
      primary: terminated,
      extras: [],
    });
    expect(choosePolicySpans([terminated, futureA], today)).toEqual({
      primary: terminated,
      extras: [futureA],
    });
  });

  it('takes the longer of two terminated spans starting the same day', () => {
    const short = { id: 'short', ...span('2024-01-01', '2024-03-31') };
    const long = { id: 'long', ...span('2024-01-01', '2024-06-30') };
    expect(choosePolicySpans([long, short], today)?.primary).toBe(long);
    expect(choosePolicySpans([short, long], today)?.primary).toBe(long);
    const open = { id: 'open', ...span('2024-01-01', null) };
    const openToo = { id: 'openToo', ...span('2024-01-01', null) };
    expect(choosePolicySpans([open, long], today)?.primary).toBe(open);
    expect(choosePolicySpans([long, open], today)?.primary).toBe(open);
    expect(choosePolicySpans([open, openToo], today)?.primary).toBe(open);
  });

  it('takes the earliest future span when nothing has started', () => {
    expect(choosePolicySpans([futureB, futureA], today)).toEqual({ primary: futureA, extras: [futureB] });
  });

  it('falls back to the first cancelled span, and cancelled spans are never extras', () => {
    expect(choosePolicySpans([cancelledB, cancelledA], today)).toEqual({ primary: cancelledB, extras: [] });
    expect(choosePolicySpans([cancelledA, futureA], today)).toEqual({ primary: futureA, extras: [] });
    expect(choosePolicySpans([current, { ...futureA, cancelled: true }], today)).toEqual({
      primary: current,
      extras: [],
    });
  });

  it('skips a subscriber without spans', () => {
    expect(choosePolicySpans([], today)).toBeNull();
  });

  it('lists the policies of every subscriber, skipping those without spans', () => {
    const subscribers = [
      { name: 'Ana', spans: [current, futureA] },
      { name: 'Bruno', spans: [] },
      { name: 'Carla', spans: [cancelledA] },
    ];
    const policies = subscriberPolicies(subscribers, (subscriber) => subscriber.spans, today);
    expect(policies.map((p) => [p.subscriber.name, p.span.id, p.isPrimaryPolicy])).toEqual([
      ['Ana', 'current', true],
      ['Ana', 'futureA', false],
      ['Carla', 'cancelledA', true],
    ]);
  });
});

describe('coverageDetailStatus', () => {
  it('is Effectuated only with an effectuated date', () => {
    expect(coverageDetailStatus('2025-01-05')).toBe('Effectuated');
    expect(coverageDetailStatus('')).toBe('Not Effectuated');
    expect(coverageDetailStatus('   ')).toBe('Not Effectuated');
    expect(coverageDetailStatus(null)).toBe('Not Effectuated');
    expect(coverageDetailStatus(undefined)).toBe('Not Effectuated');
  });
});

describe('policyDisplayStatus', () => {
  const labels = {
    cancelLabel: 'status.cancelled',
    enrollmentStatusLabels: { Enrolled: 'status.active', Terminated: 'status.terminated' },
    financeStatusLabels: { Delinquent: 'status.gracePeriod' },
  };

  it('gives the cancel label for a cancelled span, whatever else is known', () => {
    expect(
      policyDisplayStatus(
        { spanCancelled: true, enrollmentStatus: 'Enrolled', financeStatus: 'Delinquent' },
        labels,
      ),
    ).toBe('status.cancelled');
  });

  it('maps the enrollment status through configuration', () => {
    expect(policyDisplayStatus({ spanCancelled: false, enrollmentStatus: 'Terminated' }, labels)).toBe(
      'status.terminated',
    );
  });

  it('lets a configured finance status override the enrollment label', () => {
    expect(
      policyDisplayStatus(
        { spanCancelled: false, enrollmentStatus: 'Enrolled', financeStatus: 'Delinquent' },
        labels,
      ),
    ).toBe('status.gracePeriod');
    expect(
      policyDisplayStatus(
        { spanCancelled: false, enrollmentStatus: 'Enrolled', financeStatus: 'Current' },
        labels,
      ),
    ).toBe('status.active');
    expect(
      policyDisplayStatus(
        { spanCancelled: false, enrollmentStatus: 'Enrolled', financeStatus: 'Delinquent' },
        { cancelLabel: 'x', enrollmentStatusLabels: labels.enrollmentStatusLabels },
      ),
    ).toBe('status.active');
  });

  it('falls back to the raw status, never to inherited object keys', () => {
    expect(policyDisplayStatus({ spanCancelled: false, enrollmentStatus: 'Pending' }, labels)).toBe(
      'Pending',
    );
    expect(policyDisplayStatus({ spanCancelled: false, enrollmentStatus: 'constructor' }, labels)).toBe(
      'constructor',
    );
    expect(policyDisplayStatus({ spanCancelled: false, enrollmentStatus: null }, labels)).toBe('');
  });
});

describe('stateSource', () => {
  it('is characters 6-7 of the plan id', () => {
    expect(stateSource('12345MA0010003-01')).toBe('MA');
    expect(stateSource('67890RI0020001')).toBe('RI');
  });

  it('is null without a plan id long enough', () => {
    expect(stateSource('12345M')).toBeNull();
    expect(stateSource(null)).toBeNull();
    expect(stateSource(undefined)).toBeNull();
  });
});

describe('marketCoverage', () => {
  it('maps server codes 1 and 2, anything else to None', () => {
    expect(marketCoverage(1)).toBe('Individual');
    expect(marketCoverage('2')).toBe('Group');
    expect(marketCoverage(' 1 ')).toBe('Individual');
    expect(marketCoverage(3)).toBe('None');
    expect(marketCoverage(0)).toBe('None');
    expect(marketCoverage(null)).toBe('None');
    expect(marketCoverage(undefined)).toBe('None');
  });

  it('keeps an already-named market', () => {
    expect(marketCoverage('Individual')).toBe('Individual');
    expect(marketCoverage('Group')).toBe('Group');
    expect(marketCoverage('None')).toBe('None');
  });
});

describe('withinTerminatedPlansDaysOut', () => {
  it('keeps a terminated plan until that many days after its end, inclusive', () => {
    expect(withinTerminatedPlansDaysOut('2025-01-31', '2025-03-07', 35)).toBe(true);
    expect(withinTerminatedPlansDaysOut('2025-01-31', '2025-03-08', 35)).toBe(false);
  });

  it('always keeps a plan that has not ended', () => {
    expect(withinTerminatedPlansDaysOut(null, '2025-03-08', 35)).toBe(true);
    expect(withinTerminatedPlansDaysOut('2025-03-08', '2025-03-08', 0)).toBe(true);
  });
});
