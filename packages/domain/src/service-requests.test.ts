import { describe, expect, it } from 'vitest';
import {
  canCancelServiceRequest,
  changeRouteFor,
  changeRouteOf,
  EXCHANGE_REPORTED_CHANGES,
  FINAL_SERVICE_REQUEST_STATUSES,
  mayMoveServiceRequest,
  needsReview,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TYPES,
  type ReportableChange,
} from './service-requests';

describe('service request lifecycle (issue 11)', () => {
  it('moves Submitted → InReview → Completed | Rejected, and lets the member cancel only before review', () => {
    expect(mayMoveServiceRequest('Submitted', 'InReview')).toBe(true);
    expect(mayMoveServiceRequest('InReview', 'Completed')).toBe(true);
    expect(mayMoveServiceRequest('InReview', 'Rejected')).toBe(true);
    expect(mayMoveServiceRequest('Submitted', 'Cancelled')).toBe(true);
    expect(mayMoveServiceRequest('InReview', 'Cancelled')).toBe(false);
    expect(mayMoveServiceRequest('InReview', 'Submitted')).toBe(false);
    expect(canCancelServiceRequest('Submitted')).toBe(true);
    expect(canCancelServiceRequest('InReview')).toBe(false);
  });

  it('never moves a finished request', () => {
    for (const from of FINAL_SERVICE_REQUEST_STATUSES)
      for (const to of SERVICE_REQUEST_STATUSES) expect(mayMoveServiceRequest(from, to)).toBe(false);
    for (const status of FINAL_SERVICE_REQUEST_STATUSES) expect(canCancelServiceRequest(status)).toBe(false);
  });

  it('applies contact details and the mailing address at once; everything else waits for staff', () => {
    const atOnce = SERVICE_REQUEST_TYPES.filter((type) => !needsReview(type));
    expect(atOnce).toEqual(['contact', 'mailing-address']);
  });
});

describe('where a change goes (issue 11: on-exchange changes that affect eligibility or subsidies)', () => {
  const onExchange = { offExchange: false, marketCoverage: 1 };
  const offExchange = { offExchange: true, marketCoverage: 1 };
  const group = { offExchange: false, marketCoverage: 2 };
  const all: ReportableChange[] = [
    'contact',
    'mailing-address',
    'residential-address-same-rating-area',
    'residential-address-new-rating-area',
    'household-size',
    'income',
    'demographics',
    'language',
    'coverage-dates',
    'end-coverage',
    'change-plan',
    'reinstatement',
    'general',
  ];

  it('sends an on-exchange member to the exchange for household size, income, a move to another rating area and coverage dates', () => {
    for (const change of [
      'household-size',
      'income',
      'residential-address-new-rating-area',
      'coverage-dates',
    ] as const)
      expect(changeRouteFor(onExchange, change)).toBe('exchange');
  });

  it('accepts mailing address and contact details from an on-exchange member', () => {
    for (const change of [
      'mailing-address',
      'contact',
      'residential-address-same-rating-area',
      'language',
      'reinstatement',
      'general',
    ] as const)
      expect(changeRouteFor(onExchange, change)).toBe('issuer');
  });

  it('takes every change of an off-exchange or group policy as a service request', () => {
    for (const change of all) {
      expect(changeRouteFor(offExchange, change)).toBe('issuer');
      expect(changeRouteFor(group, change)).toBe('issuer');
    }
    expect(all.filter((change) => changeRouteFor(onExchange, change) === 'exchange')).toEqual([
      ...EXCHANGE_REPORTED_CHANGES,
    ]);
  });

  it('reads the market by name as the API gives it (changeRouteOf)', () => {
    expect(changeRouteOf({ offExchange: false, marketCoverage: 'Individual' }, 'household-size')).toBe(
      'exchange',
    );
    expect(changeRouteOf({ offExchange: false, marketCoverage: 'None' }, 'household-size')).toBe('exchange');
    expect(changeRouteOf({ offExchange: false, marketCoverage: 'Group' }, 'household-size')).toBe('issuer');
    expect(changeRouteOf({ offExchange: true, marketCoverage: 'Individual' }, 'household-size')).toBe(
      'issuer',
    );
  });
});
