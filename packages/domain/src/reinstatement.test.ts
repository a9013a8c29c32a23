import { describe, expect, it } from 'vitest';
import {
  coverageEndOf,
  planYearEndOf,
  reinstatedSpans,
  reinstatementRefusal,
  type ReinstatementCase,
} from './reinstatement';
import { needsReview } from './service-requests';

describe('who may ask to reinstate (issue 11, SPEC §3 Reinstatement eligibility)', () => {
  const eligible: ReinstatementCase = {
    enrollmentStatus: 'Terminated',
    status: 'Eligible',
    expirationDate: '2026-12-31',
    openRequest: false,
  };

  it('lets a terminated policy that is Eligible or Manual ask until its expiration date, that day included', () => {
    expect(reinstatementRefusal(eligible, '2026-11-25')).toBeNull();
    expect(reinstatementRefusal(eligible, '2026-12-31')).toBeNull();
    expect(reinstatementRefusal({ ...eligible, status: 'Manual' }, '2026-11-25')).toBeNull();
    // An offer without a date does not run out.
    expect(reinstatementRefusal({ ...eligible, expirationDate: null }, '2030-01-01')).toBeNull();
  });

  it('says why not: not terminated, already asked, deadline passed, never offered', () => {
    expect(reinstatementRefusal({ ...eligible, enrollmentStatus: 'Active' }, '2026-11-25')).toBe(
      'not-terminated',
    );
    expect(reinstatementRefusal({ ...eligible, enrollmentStatus: 'GracePeriod' }, '2026-11-25')).toBe(
      'not-terminated',
    );
    expect(reinstatementRefusal({ ...eligible, openRequest: true }, '2026-11-25')).toBe(
      'reinstatement-requested',
    );
    expect(reinstatementRefusal(eligible, '2027-01-01')).toBe('reinstatement-expired');
    expect(
      reinstatementRefusal({ ...eligible, status: 'NotEligible', expirationDate: null }, '2026-11-25'),
    ).toBe('reinstatement-not-eligible');
    expect(reinstatementRefusal({ ...eligible, status: null, expirationDate: null }, '2026-11-25')).toBe(
      'reinstatement-not-eligible',
    );
    // A coverage cancelled before it took effect was never anything to restore.
    expect(reinstatementRefusal({ ...eligible, enrollmentStatus: 'Cancelled' }, '2026-11-25')).toBe(
      'reinstatement-not-eligible',
    );
  });

  it('calls an offer the billing clock expired (NotEligible, its date kept) expired, not ineligible', () => {
    expect(
      reinstatementRefusal(
        { ...eligible, status: 'NotEligible', expirationDate: '2026-10-31' },
        '2026-11-25',
      ),
    ).toBe('reinstatement-expired');
  });

  it('checks the status first: an active policy has nothing to reinstate whatever its old offer says', () => {
    expect(
      reinstatementRefusal(
        {
          enrollmentStatus: 'Active',
          status: 'NotEligible',
          expirationDate: '2026-01-01',
          openRequest: true,
        },
        '2026-11-25',
      ),
    ).toBe('not-terminated');
  });
});

describe('whether a reinstatement request waits for staff (needsReview)', () => {
  it('needs no review when the policy is Eligible and the amount due is paid', () => {
    expect(
      needsReview('reinstatement', {
        reinstatement: { reinstatementStatus: 'Eligible', amountDuePaid: true },
      }),
    ).toBe(false);
  });

  it('waits for staff when the offer is Manual, the money has not arrived (a pending bank payment), or nothing is known', () => {
    expect(
      needsReview('reinstatement', { reinstatement: { reinstatementStatus: 'Manual', amountDuePaid: true } }),
    ).toBe(true);
    expect(
      needsReview('reinstatement', {
        reinstatement: { reinstatementStatus: 'Eligible', amountDuePaid: false },
      }),
    ).toBe(true);
    expect(
      needsReview('reinstatement', {
        reinstatement: { reinstatementStatus: 'NotEligible', amountDuePaid: true },
      }),
    ).toBe(true);
    expect(needsReview('reinstatement')).toBe(true);
  });

  it('leaves the other types’ rule alone', () => {
    expect(
      needsReview('contact', { reinstatement: { reinstatementStatus: 'Eligible', amountDuePaid: true } }),
    ).toBe(false);
    expect(
      needsReview('change-plan', { reinstatement: { reinstatementStatus: 'Eligible', amountDuePaid: true } }),
    ).toBe(true);
  });
});

describe('what reinstating restores (the coverage as if it had not ended)', () => {
  it('knows the day coverage ended: the latest end of the live spans', () => {
    expect(
      coverageEndOf([
        { id: 'a', startDate: '2026-01-01', endDate: '2026-03-31', cancelled: false },
        { id: 'b', startDate: '2026-04-01', endDate: '2026-08-31', cancelled: false },
        { id: 'c', startDate: '2027-01-01', endDate: '2027-01-01', cancelled: true },
      ]),
    ).toBe('2026-08-31');
    expect(coverageEndOf([{ id: 'a', startDate: '2026-01-01', endDate: null, cancelled: false }])).toBeNull();
    expect(
      coverageEndOf([{ id: 'a', startDate: '2026-01-01', endDate: '2026-01-01', cancelled: true }]),
    ).toBeNull();
  });

  it('gives the span the clock ended the end of its plan year, December 31', () => {
    expect(planYearEndOf('2026-03-15')).toBe('2026-12-31');
    expect(
      reinstatedSpans(
        [{ id: 'a', startDate: '2026-01-01', endDate: '2026-08-31', cancelled: false }],
        '2026-08-31',
      ),
    ).toEqual([{ id: 'a', endDate: '2026-12-31', cancelled: false }]);
  });

  it('uses the year coverage ended in for a span that ran on from an earlier year', () => {
    expect(
      reinstatedSpans(
        [{ id: 'a', startDate: '2025-01-01', endDate: '2026-08-31', cancelled: false }],
        '2026-08-31',
      ),
    ).toEqual([{ id: 'a', endDate: '2026-12-31', cancelled: false }]);
  });

  it('brings back the spans the clock cancelled (starting after the termination, end set to start) until their own year ends', () => {
    const spans = [
      { id: 'ended', startDate: '2026-01-01', endDate: '2026-10-31', cancelled: false },
      { id: 'renewal', startDate: '2027-01-01', endDate: '2027-01-01', cancelled: true },
    ];
    expect(reinstatedSpans(spans, '2026-10-31')).toEqual([
      { id: 'ended', endDate: '2026-12-31', cancelled: false },
      { id: 'renewal', endDate: '2027-12-31', cancelled: false },
    ]);
  });

  it('leaves alone what ended before the termination: an older span, a dependent who left, a span cancelled before it', () => {
    const spans = [
      { id: 'older', startDate: '2025-01-01', endDate: '2025-12-31', cancelled: false },
      { id: 'left', startDate: '2026-01-01', endDate: '2026-05-31', cancelled: false },
      { id: 'never', startDate: '2025-06-01', endDate: '2025-06-01', cancelled: true },
      { id: 'ended', startDate: '2026-01-01', endDate: '2026-08-31', cancelled: false },
    ];
    expect(reinstatedSpans(spans, '2026-08-31').map((change) => change.id)).toEqual(['ended']);
  });
});
