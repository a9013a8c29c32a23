import { describe, expect, it } from 'vitest';
import type { PolicyDetail } from '@portal/contracts';
import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../test/fixtures';
import { memberCredential, renderPortal } from '../../test/render-portal';

/** A coverage span live today (and for years to come), with no subsidy unless given. */
const coverage = (
  amounts: Partial<PolicyDetail['coverageDetails'][number]>,
): PolicyDetail['coverageDetails'][number] => ({
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

/** What a fact says, value and detail together, as a screen reader reads it: the `dd` after its label. */
const factText = (scope: Pick<BoundFunctions<typeof queries>, 'getByText'>, label: string): string =>
  (scope.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();

describe('account overview (SPEC §1, §2, §3)', () => {
  it('shows each policy with plan, coverage, finance, members and their status, in the member’s language and money format', async () => {
    const medical = policySummary({ planName: 'Lighthouse Harbor Silver 500 HMO' });
    const dental = policySummary({
      lineOfCoverage: 'Dental',
      planName: 'Lighthouse Smile Dental Plus PPO',
      planType: 'PPO',
      offExchange: true,
    });
    const renewal = {
      ...medical,
      spanId: 'ffffffff-0000-4000-8000-000000000001',
      isPrimaryPolicy: false,
      span: { startDate: '2027-01-01', endDate: '2027-12-31' },
    };
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([medical, renewal, dental]),
        policies: {
          [medical.id]: policyDetail(medical, {
            coverageDetails: [coverage({ taxCreditAmountCents: 158_365 })],
          }),
          [dental.id]: policyDetail(dental, {
            finance: {
              ...policyDetail(dental).finance!,
              pastAmountDueCents: 5000,
              status: 'GracePeriod',
              pastDueMonths: ['2026-11-01'],
              gracePeriod: {
                kind: 'aptc',
                startDate: '2026-11-01',
                endDate: '2027-01-31',
                coverageEndsOn: '2026-11-30',
                amountCents: 5000,
                months: ['2026-11-01'],
              },
            },
          }),
        },
      },
    });
    const cards = await screen.findAllByTestId('policy-card');
    expect(cards).toHaveLength(2);
    const medicalCard = within(cards[0]!);
    expect(
      medicalCard.getByRole('heading', { level: 2, name: 'Lighthouse Harbor Silver 500 HMO' }),
    ).toBeTruthy();
    expect(medicalCard.getByText('Health Connector (on exchange)')).toBeTruthy();
    // Amount due with the month it is for, and the monthly premium (the fixture's finance), formatted by Intl in English.
    expect(await medicalCard.findByText('Amount due', { selector: 'dt' })).toBeTruthy();
    expect(factText(medicalCard, 'Amount due')).toBe('$207.30 for December 2026');
    expect(factText(medicalCard, 'Your monthly premium')).toBe('$207.30');
    expect(medicalCard.getByText('$1,583.65', { selector: 'dd' })).toBeTruthy();
    expect(medicalCard.getByText('Premium tax credit (APTC) this month')).toBeTruthy();
    expect(medicalCard.getByText('January 1, 2026 to December 31, 2026')).toBeTruthy();
    expect(
      medicalCard.getByText('Renewal: Lighthouse Harbor Silver 500 HMO starts on January 1, 2027.'),
    ).toBeTruthy();
    const people = medicalCard.getByRole('table', { name: 'People on this policy' });
    expect(within(people).getByRole('rowheader', { name: 'María Santos' })).toBeTruthy();
    expect(within(people).getByText('Active')).toBeTruthy();
    const dentalCard = within(cards[1]!);
    expect(dentalCard.getByText('Bought from us (off exchange)')).toBeTruthy();
    expect(
      await dentalCard.findByRole('heading', { level: 3, name: 'Your policy is in a grace period' }),
    ).toBeTruthy();
    // What is past due is part of the one amount due (issue 33 item 11).
    expect(factText(dentalCard, 'Amount due')).toBe(
      '$257.30Past due for November 2026: $50.00Current bill for December 2026: $207.30',
    );
  });

  it('puts a grace period at the top of the policy: until when, how much for which months, when coverage ends, and a way to pay (45 CFR 156.270)', async () => {
    const kevin = policySummary({ planName: 'Lighthouse Harbor Silver 2000', financeStatus: 'GracePeriod' });
    const finance = {
      ...policyDetail(kevin).finance!,
      currentAmountDueCents: 20_730,
      pastAmountDueCents: 41_460,
      pastDueMonths: ['2026-10-01', '2026-11-01'],
      currentDueMonths: ['2026-12-01'],
      status: 'GracePeriod',
      delinquent: true,
      paidThroughDate: '2026-09-30',
      gracePeriod: {
        kind: 'aptc' as const,
        startDate: '2026-10-01',
        endDate: '2026-12-31',
        coverageEndsOn: '2026-10-31',
        amountCents: 41_460,
        months: ['2026-10-01', '2026-11-01'],
      },
    };
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([kevin]),
        policies: { [kevin.id]: policyDetail(kevin, { finance }) },
      },
    });
    const card = within(await screen.findByTestId('policy-card'));
    // A landmark named by its heading and the policy's, first in the policy: found by more than its colour.
    const banner = await card.findByRole('region', {
      name: 'Your policy is in a grace period Lighthouse Harbor Silver 2000',
    });
    expect(
      within(banner).getByRole('heading', { level: 3, name: 'Your policy is in a grace period' }),
    ).toBeTruthy();
    expect(
      within(banner).getByText(
        'Pay $414.60 for October 2026 to November 2026 by December 31, 2026 to keep your coverage.',
      ),
    ).toBeTruthy();
    expect(
      within(banner).getByText(
        /your coverage will end as of October 31, 2026, the last day of the first month of your grace period/,
      ),
    ).toBeTruthy();
    const pay = within(banner).getByRole('link', { name: 'Pay $414.60 now' });
    expect(pay.getAttribute('href')).toBe('/payments/make-payment');
    expect(
      banner.compareDocumentPosition(card.getByRole('heading', { level: 3, name: 'Billing' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // One amount due, made of what is past due and this bill, each month named once (issue 33 item 11).
    expect(factText(card, 'Amount due')).toBe(
      '$621.90Past due for October 2026 to November 2026: $414.60Current bill for December 2026: $207.30',
    );
    expect(card.queryByText('Past due', { selector: 'dt' })).toBeNull();
  });

  it('gives a member without APTC the state’s grace period: coverage ends on the paid-through date, said in Spanish', async () => {
    await changeLanguage('es', false);
    const linda = policySummary({ planName: 'Lighthouse Harbor Bronze', financeStatus: 'PastDue' });
    const finance = {
      ...policyDetail(linda).finance!,
      pastAmountDueCents: 30_000,
      pastDueMonths: ['2026-11-01'],
      status: 'PastDue',
      delinquent: true,
      paidThroughDate: '2026-10-31',
      gracePeriod: {
        kind: 'state' as const,
        startDate: '2026-11-01',
        endDate: '2026-12-02',
        coverageEndsOn: '2026-10-31',
        amountCents: 30_000,
        months: ['2026-11-01'],
      },
    };
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([linda]),
        policies: { [linda.id]: policyDetail(linda, { finance }) },
      },
    });
    const banner = await screen.findByRole('region', { name: /^Su póliza está en un período de gracia/ });
    expect(
      within(banner).getByText(
        'Pague $300.00 por noviembre de 2026 a más tardar el 2 de diciembre de 2026 para mantener su cobertura.',
      ),
    ).toBeTruthy();
    expect(
      within(banner).getByText(
        /terminará a partir del 31 de octubre de 2026, el último día cubierto por sus pagos/,
      ),
    ).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Pagar $300.00 ahora' })).toBeTruthy();
    // Late without a grace period is said in the billing section instead; not here too.
    expect(
      screen.queryByText('Su pago está atrasado. Pague el monto a pagar para no perder su cobertura.'),
    ).toBeNull();
  });

  it('names an employer’s contribution to a group policy as such, never as a tax credit', async () => {
    const group = policySummary({ marketCoverage: 'Group', planName: 'Lighthouse Employer Gold PPO' });
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([group]),
        policies: {
          [group.id]: policyDetail(group, {
            coverageDetails: [coverage({ otherSubsidyAmountCents: 136_000 })],
          }),
        },
      },
    });
    const card = within(await screen.findByTestId('policy-card'));
    expect(await card.findByText('Employer contribution this month')).toBeTruthy();
    expect(card.getByText('$1,360.00', { selector: 'dd' })).toBeTruthy();
    expect(card.queryByText(/tax credit/i)).toBeNull();
  });

  it('gives a new enrolment waiting for its binder the tax credit it starts with (issue 34: an 834 addition for next month)', async () => {
    const pending = policySummary({ planName: 'Lighthouse Harbor Silver 250 HMO (CSR 94%)' });
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([pending]),
        policies: {
          [pending.id]: policyDetail(pending, {
            coverageDetails: [
              coverage({ startDate: '2099-01-01', taxCreditAmountCents: 41_200, status: 'Not Effectuated' }),
            ],
          }),
        },
      },
    });
    const card = within(await screen.findByTestId('policy-card'));
    expect(await card.findByText('Premium tax credit (APTC) from January 1, 2099')).toBeTruthy();
    expect(factText(card, 'Premium tax credit (APTC) from January 1, 2099')).toBe('$412.00');
    expect(card.queryByText('Premium tax credit (APTC) this month')).toBeNull();
  });

  it('says so in place when one policy cannot be loaded, and keeps the rest of the page (SPEC §8)', async () => {
    const ok = policySummary();
    const broken = policySummary({ planName: 'Vision Plan' });
    const { calls } = renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([ok, broken]),
        policies: { [ok.id]: policyDetail(ok) },
      },
    });
    expect(
      await screen.findByText(
        'We could not load the details of this policy right now. Please try again later.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Account overview' })).toBeTruthy();
    // The event is sent from an effect, which Preact runs after the frame is painted.
    await waitFor(() => {
      expect(calls.some((call) => call.url === '/api/v1/Logging')).toBe(true);
    });
  });

  it('tells a member who may ask for reinstatement how and by when, and why it costs more than the amount due', async () => {
    const ended = policySummary({
      active: false,
      status: 'Inactive',
      enrollmentStatus: 'Terminated',
      displayStatus: 'policyStatus.terminated',
      reinstatementStatus: 'Eligible',
    });
    // Terminated at the end of August for non-payment: August is past due; reinstating pays September to November too.
    const finance = {
      ...policyDetail(ended).finance!,
      currentAmountDueCents: 0,
      pastAmountDueCents: 21_122,
      pastDueMonths: ['2026-08-01'],
      currentDueMonths: [],
      status: 'Terminated',
      paymentDueDate: null,
      paidThroughDate: '2026-07-31',
    };
    const reinstatementEligibility = {
      reinstatementStatus: 'Eligible' as const,
      expirationDate: '2026-12-31',
      amountDueCents: 84_488,
      months: ['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'],
    };
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([ended], {
          base: 'HouseholdNonActivePolicies',
          exchange: null,
          scenarios: ['HouseholdNonActivePolicies'],
        }),
        policies: { [ended.id]: policyDetail(ended, { finance, reinstatementEligibility }) },
      },
    });
    expect(await screen.findByText('You can ask to restore this policy')).toBeTruthy();
    expect(screen.getByText(/Pay \$844\.88 by December 31, 2026 to reinstate your coverage/)).toBeTruthy();
    expect(screen.getByText('Terminated')).toBeTruthy();
    expect(factText(within(screen.getByTestId('policy-card')), 'Amount due')).toBe(
      '$211.22Past due for August 2026: $211.22',
    );
    expect(
      screen.getByText(
        'To reinstate: $844.88 for August 2026 to November 2026 — the month past due and the 3 months since your coverage ended.',
      ),
    ).toBeTruthy();
    // The coverage ended: no grace period banner.
    expect(screen.queryByRole('region', { name: /grace period/ })).toBeNull();
  });

  it('says in Portuguese what reinstating pays for', async () => {
    await changeLanguage('pt', false);
    const ended = policySummary({
      active: false,
      status: 'Inactive',
      enrollmentStatus: 'Terminated',
      displayStatus: 'policyStatus.terminated',
      reinstatementStatus: 'Manual',
    });
    const finance = {
      ...policyDetail(ended).finance!,
      currentAmountDueCents: 0,
      pastAmountDueCents: 42_244,
      pastDueMonths: ['2026-07-01', '2026-08-01'],
      currentDueMonths: [],
      status: 'Terminated',
    };
    const reinstatementEligibility = {
      reinstatementStatus: 'Manual' as const,
      expirationDate: '2026-12-31',
      amountDueCents: 63_366,
      months: ['2026-07-01', '2026-08-01', '2026-09-01'],
    };
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([ended], {
          base: 'HouseholdNonActivePolicies',
          exchange: null,
          scenarios: ['HouseholdNonActivePolicies'],
        }),
        policies: { [ended.id]: policyDetail(ended, { finance, reinstatementEligibility }) },
      },
    });
    expect(
      await screen.findByText(
        'Para reativar: US$ 633,66 referente aos meses de julho de 2026 a setembro de 2026 — os 2 meses em atraso e o mês desde o fim da sua cobertura.',
      ),
    ).toBeTruthy();
  });

  it('shows the no-plans page to a member without any policy (SPEC §2 root states)', async () => {
    renderPortal('/account-overview', {
      credential: memberCredential(),
      api: {
        session: sessionInfo(),
        household: householdResponse([], {
          base: 'HouseholdNoPolicies',
          exchange: null,
          scenarios: ['HouseholdNoPolicies'],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'No plans available' })).toBeTruthy();
  });

  it('lists a broker’s clients without loading each policy', async () => {
    const clients = [
      policySummary({ policyHolder: { firstName: 'Ana', lastName: 'Costa' } }),
      policySummary({ policyHolder: { firstName: 'João', lastName: 'Silva' } }),
    ];
    const { calls } = renderPortal('/account-overview', {
      credential: { ...memberCredential({ sub: 'b', name: 'Patrick Hughes' }), realm: 'workforce' } as never,
      api: {
        session: sessionInfo({
          kind: 'broker',
          roles: ['broker'],
          permissions: ['member-search'],
          brokerId: 'x',
        }),
        household: householdResponse(clients),
      },
    });
    const table = await screen.findByRole('table', { name: 'Your clients' });
    expect(within(table).getByRole('rowheader', { name: 'Ana Costa' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'João Silva' })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/v1/Policy/'))).toBe(false);
  });
});
