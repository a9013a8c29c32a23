import type { HouseholdUserResponse, PolicyDetail, PolicySummary, SessionInfo } from '@portal/contracts';

let counter = 0;
const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function sessionInfo(override: Partial<SessionInfo> = {}): SessionInfo {
  return {
    kind: 'member',
    roles: ['member'],
    permissions: [],
    actions: ['make-payment', 'manage-wallet', 'manage-autopay', 'schedule-payment'],
    displayName: 'María Santos',
    username: 'maria.santos',
    householdId: null,
    memberId: null,
    brokerId: null,
    policyIds: [],
    onlyPcp: null,
    languagePreference: null,
    bindingSubscriberId: null,
    today: '2026-11-23',
    ...override,
  };
}

export function policySummary(override: Partial<PolicySummary> = {}): PolicySummary {
  return {
    id: uuid(),
    spanId: uuid(),
    isPrimaryPolicy: true,
    householdId: null,
    policyNumber: 'LHP-1000001-01',
    exchangeSubscriberId: '0902026467',
    issuerSubscriberId: 'LH91313757',
    marketCoverage: 'Individual',
    offExchange: false,
    lineOfCoverage: 'Medical',
    enrollmentStatus: 'Active',
    displayStatus: 'policyStatus.active',
    status: 'Active',
    active: true,
    planId: '77421MA0012603-05',
    planName: 'Lighthouse Harbor Silver 500 HMO',
    planType: 'HMO',
    stateSource: 'MA',
    span: { startDate: '2026-01-01', endDate: '2026-12-31' },
    earliestBeginDate: '2025-01-01',
    hasFutureSpan: false,
    policyHolder: { firstName: 'María', lastName: 'Santos' },
    reinstatementStatus: null,
    amountDueCents: 20730,
    paymentDueDate: '2026-12-01',
    hasAutoPay: true,
    financeStatus: 'Current',
    ...override,
  };
}

export function householdResponse(
  policies: PolicySummary[],
  scenario: HouseholdUserResponse['scenario'] = {
    base: 'HouseholdAndPolicies',
    exchange: 'OnExchangePolicy',
    scenarios: ['HouseholdAndPolicies', 'OnExchangePolicy'],
  },
  walletReferenceId: string | null = null,
): HouseholdUserResponse {
  const householdId = uuid();
  return {
    households:
      policies.length > 0 || scenario.base === 'HouseholdNoPolicies'
        ? [
            {
              household: { id: householdId, exchangeId: 'MA20242486', walletReferenceId },
              policies: policies.map((p) => ({ ...p, householdId })),
            },
          ]
        : [],
    policies: [],
    scenario,
    today: '2026-11-22',
  };
}

export function policyDetail(summary: PolicySummary, override: Partial<PolicyDetail> = {}): PolicyDetail {
  return {
    ...summary,
    finance: {
      premiumAmountDueCents: 20730,
      currentAmountDueCents: 20730,
      pastAmountDueCents: 0,
      pastDueMonths: [],
      currentDueMonths: ['2026-12-01'],
      subsidizedAmountCents: 158365,
      hraAmountCents: 0,
      unallocatedAmountCents: 0,
      paymentDueDate: '2026-12-01',
      paidThroughDate: '2026-11-30',
      status: 'Current',
      delinquent: false,
      hasAutoPay: true,
      paperless: true,
      paperlessEmail: 'maria.santos@example.com',
      gracePeriod: null,
      balance: { source: 'total-due', amountCents: 20730 },
    },
    coverageDetails: [],
    plan: null,
    members: [
      {
        id: uuid(),
        folderId: 'F100000100',
        exchangeMemberId: '0902026467',
        firstName: 'María',
        lastName: 'Santos',
        dob: '1985-03-14',
        gender: 'female',
        relationship: 'self',
        ratingAge: 40,
        tobacco: false,
        ssnLast4: '1549',
        status: 'Active',
        spans: [{ startDate: '2025-01-01', endDate: null }],
        effectiveDate: '2025-01-01',
        endDate: null,
      },
    ],
    broker: null,
    group: null,
    residentialAddress: null,
    mailingAddress: null,
    contactInformation: null,
    reinstatementEligibility: null,
    hra: null,
    scheduledPaymentCount: 0,
    ...override,
  };
}
