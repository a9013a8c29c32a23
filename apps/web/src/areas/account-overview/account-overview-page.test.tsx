import { describe, expect, it } from 'vitest';
import type { PolicyDetail } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../test/fixtures';
import { memberCredential, renderPortal } from '../../test/render-portal';

/** A coverage span live today (and for years to come), with no subsidy unless given. */
const coverage = (amounts: Partial<PolicyDetail['coverageDetails'][number]>): PolicyDetail['coverageDetails'][number] => ({
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  addFolderId: 'A100',
  startDate: '2020-01-01',
  endDate: null,
  cancelled: false,
  premiumAmountCents: 179_095,
  policyRateAmountCents: 179_095,
  taxCreditAmountCents: 0,
  csrAmountCents: 0,
  otherSubsidyAmountCents: 0,
  memberResponsibilityCents: 20_730,
  planId: '12345MA0010001-01',
  planType: 'HMO',
  status: 'Effectuated',
  groupOrPolicyNumber: 'P100',
  ...amounts,
});

describe('account overview (SPEC §1, §2, §3)', () => {
  it('shows each policy with plan, coverage, finance, members and their status, in the member’s language and money format', async () => {
    const medical = policySummary({ planName: 'Lighthouse Harbor Silver 500 HMO' });
    const dental = policySummary({ lineOfCoverage: 'Dental', planName: 'Lighthouse Smile Dental Plus PPO', planType: 'PPO', offExchange: true });
    const renewal = { ...medical, spanId: 'ffffffff-0000-4000-8000-000000000001', isPrimaryPolicy: false, span: { startDate: '2027-01-01', endDate: '2027-12-31' } };
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([medical, renewal, dental]),
        policies: {
          [medical.id]: policyDetail(medical, { coverageDetails: [coverage({ taxCreditAmountCents: 158_365 })] }),
          [dental.id]: policyDetail(dental, {
            finance: { ...policyDetail(dental).finance!, pastAmountDueCents: 5000, status: 'GracePeriod', pastDueMonths: ['2026-11-01'], gracePeriod: { kind: 'aptc', startDate: '2026-11-01', endDate: '2027-01-31', coverageEndsOn: '2026-11-30', amountCents: 5000, months: ['2026-11-01'] } },
          }),
        },
      },
    });
    const cards = await screen.findAllByTestId('policy-card');
    expect(cards).toHaveLength(2);
    const medicalCard = within(cards[0]!);
    expect(medicalCard.getByRole('heading', { level: 2, name: 'Lighthouse Harbor Silver 500 HMO' })).toBeTruthy();
    expect(medicalCard.getByText('Health Connector (on exchange)')).toBeTruthy();
    // Amount due and monthly premium (the fixture's finance), formatted by Intl in English.
    expect(await medicalCard.findAllByText('$207.30', { selector: 'dd' })).toHaveLength(2);
    expect(medicalCard.getByText('$1,583.65', { selector: 'dd' })).toBeTruthy();
    expect(medicalCard.getByText('Premium tax credit (APTC) this month')).toBeTruthy();
    expect(medicalCard.getByText('January 1, 2026 to December 31, 2026')).toBeTruthy();
    expect(medicalCard.getByText('Renewal: Lighthouse Harbor Silver 500 HMO starts on January 1, 2027.')).toBeTruthy();
    const people = medicalCard.getByRole('table', { name: 'People on this policy' });
    expect(within(people).getByRole('rowheader', { name: 'María Santos' })).toBeTruthy();
    expect(within(people).getByText('Active')).toBeTruthy();
    const dentalCard = within(cards[1]!);
    expect(dentalCard.getByText('Bought from us (off exchange)')).toBeTruthy();
    expect(await dentalCard.findByText(/Your policy is in a grace period until January 31, 2027/)).toBeTruthy();
    expect(dentalCard.getByText('Past due')).toBeTruthy();
  });

  it('names an employer’s contribution to a group policy as such, never as a tax credit', async () => {
    const group = policySummary({ marketCoverage: 'Group', planName: 'Lighthouse Employer Gold PPO' });
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([group]),
        policies: { [group.id]: policyDetail(group, { coverageDetails: [coverage({ otherSubsidyAmountCents: 136_000 })] }) },
      },
    });
    const card = within(await screen.findByTestId('policy-card'));
    expect(await card.findByText('Employer contribution this month')).toBeTruthy();
    expect(card.getByText('$1,360.00', { selector: 'dd' })).toBeTruthy();
    expect(card.queryByText(/tax credit/i)).toBeNull();
  });

  it('says so in place when one policy cannot be loaded, and keeps the rest of the page (SPEC §8)', async () => {
    const ok = policySummary();
    const broken = policySummary({ planName: 'Vision Plan' });
    const { calls } = renderPortal('/account-overview', {
      credential: memberCredential(),
      api: { session: sessionInfo(), household: householdResponse([ok, broken]), policies: { [ok.id]: policyDetail(ok) } },
    });
    expect(await screen.findByText('We could not load the details of this policy right now. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Account overview' })).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/v1/Logging')).toBe(true);
  });

  it('tells a member who may ask for reinstatement how and by when', async () => {
    const ended = policySummary({ active: false, status: 'Inactive', enrollmentStatus: 'Terminated', displayStatus: 'policyStatus.terminated', reinstatementStatus: 'Eligible' });
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([ended], { base: 'HouseholdNonActivePolicies', exchange: null, scenarios: ['HouseholdNonActivePolicies'] }),
        policies: { [ended.id]: policyDetail(ended, { reinstatementEligibility: { reinstatementStatus: 'Eligible', expirationDate: '2026-12-31', amountDueCents: 84488, months: ['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'] } }) },
      },
    });
    expect(await screen.findByText('You can ask to restore this policy')).toBeTruthy();
    expect(screen.getByText(/Pay \$844\.88 by December 31, 2026 to reinstate your coverage/)).toBeTruthy();
    expect(screen.getByText('Terminated')).toBeTruthy();
  });

  it('shows the no-plans page to a member without any policy (SPEC §2 root states)', async () => {
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: { session: sessionInfo(), household: householdResponse([], { base: 'HouseholdNoPolicies', exchange: null, scenarios: ['HouseholdNoPolicies'] }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'No plans available' })).toBeTruthy();
  });

  it('lists a broker’s clients without loading each policy', async () => {
    const clients = [policySummary({ policyHolder: { firstName: 'Ana', lastName: 'Costa' } }), policySummary({ policyHolder: { firstName: 'João', lastName: 'Silva' } })];
    const { calls } = renderPortal('/account-overview', {
      credential: { ...memberCredential({ sub: 'b', name: 'Patrick Hughes' }), realm: 'workforce' } as never,
      api: { session: sessionInfo({ kind: 'broker', roles: ['broker'], permissions: ['member-search'], brokerId: 'x' }), household: householdResponse(clients) },
    });
    const table = await screen.findByRole('table', { name: 'Your clients' });
    expect(within(table).getByRole('rowheader', { name: 'Ana Costa' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'João Silva' })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/v1/Policy/'))).toBe(false);
  });
});
