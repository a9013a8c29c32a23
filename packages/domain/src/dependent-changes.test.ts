import { describe, expect, it } from 'vitest';
import {
  coverageStartOptions,
  isWithinWindow,
  lastDayOfCoverage,
  lifeEventWindow,
  removalDateWindow,
  removalOutcome,
} from './dependent-changes';
import { SAMPLE_DEPENDENT_RULES } from './dependents';

const TODAY = '2026-05-14';

describe('lifeEventWindow (45 CFR 155.420(c))', () => {
  it('looks back 60 days, and ahead 60 days only for a loss of coverage', () => {
    expect(lifeEventWindow('birth', TODAY)).toEqual({ earliest: '2026-03-15', latest: TODAY });
    expect(lifeEventWindow('marriage', TODAY)).toEqual({ earliest: '2026-03-15', latest: TODAY });
    expect(lifeEventWindow('loss-of-coverage', TODAY)).toEqual({
      earliest: '2026-03-15',
      latest: '2026-07-13',
    });
    expect(isWithinWindow('2026-03-15', lifeEventWindow('birth', TODAY))).toBe(true);
    expect(isWithinWindow('2026-03-14', lifeEventWindow('birth', TODAY))).toBe(false);
    expect(isWithinWindow('2026-05-15', lifeEventWindow('birth', TODAY))).toBe(false);
  });
});

describe('coverageStartOptions (45 CFR 155.420(b)(2))', () => {
  it('starts a newborn, an adopted or placed child on the day, or on the first of next month', () => {
    expect(coverageStartOptions('birth', '2026-05-02', TODAY)).toEqual(['2026-05-02', '2026-06-01']);
    expect(coverageStartOptions('adoption', '2026-04-20', TODAY)).toEqual(['2026-04-20', '2026-06-01']);
    expect(coverageStartOptions('court-order', '2026-05-14', TODAY)).toEqual(['2026-05-14', '2026-06-01']);
    expect(coverageStartOptions('foster-care', '2026-06-01', '2026-05-31')).toEqual(['2026-06-01']);
  });

  it('starts a spouse on the first of the month after the request', () => {
    expect(coverageStartOptions('marriage', '2026-04-18', TODAY)).toEqual(['2026-06-01']);
    expect(coverageStartOptions('marriage', '2026-12-31', '2026-12-31')).toEqual(['2027-01-01']);
  });

  it('starts after a loss of coverage without a gap, or after the request when the loss is past', () => {
    expect(coverageStartOptions('loss-of-coverage', '2026-06-30', TODAY)).toEqual(['2026-07-01']);
    expect(coverageStartOptions('loss-of-coverage', '2026-04-30', TODAY)).toEqual(['2026-06-01']);
  });
});

describe('removal dates and the last day of coverage (issue 11 end-of-month rule)', () => {
  it('limits a death to SPEC §5’s window and anything else to 60 days either side', () => {
    expect(removalDateWindow('death', TODAY, SAMPLE_DEPENDENT_RULES)).toEqual({
      earliest: '2025-12-14',
      latest: TODAY,
    });
    expect(removalDateWindow('divorce', TODAY, SAMPLE_DEPENDENT_RULES)).toEqual({
      earliest: '2026-03-15',
      latest: '2026-07-13',
    });
  });

  it('ends on the date of death, or the last day of the event’s month, never in the past', () => {
    expect(lastDayOfCoverage('death', '2026-02-03', TODAY)).toBe('2026-02-03');
    expect(lastDayOfCoverage('divorce', '2026-05-02', TODAY)).toBe('2026-05-31');
    expect(lastDayOfCoverage('moved-out', '2026-06-10', TODAY)).toBe('2026-06-30');
    // An event in a month already over: not retroactively, at the end of this month.
    expect(lastDayOfCoverage('divorce', '2026-04-20', TODAY)).toBe('2026-05-31');
    expect(lastDayOfCoverage('aged-out', '2028-02-10', '2028-02-01')).toBe('2028-02-29');
  });

  it('says when a coverage that has not started would never start', () => {
    expect(removalOutcome('moved-out', '2026-05-20', TODAY, '2026-07-01')).toEqual({
      lastDayOfCoverage: '2026-05-31',
      neverStarts: true,
    });
    expect(removalOutcome('moved-out', '2026-05-20', TODAY, '2026-01-01')).toEqual({
      lastDayOfCoverage: '2026-05-31',
      neverStarts: false,
    });
    expect(removalOutcome('death', '2026-05-01', TODAY, null)).toEqual({
      lastDayOfCoverage: '2026-05-01',
      neverStarts: false,
    });
  });
});
