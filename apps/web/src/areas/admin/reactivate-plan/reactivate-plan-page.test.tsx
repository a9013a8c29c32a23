import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MakePaymentResponse, ReinstatementOffer, Wallet } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9100-${String(n).padStart(12, '0')}`;
const POLICY = id(1);
const PATH = '/admin/policy-selection/span-selection/reactivate-plan';

const summary = policySummary({
  id: POLICY,
  policyNumber: 'LHP-1000005-01',
  enrollmentStatus: 'Terminated',
  status: 'Inactive',
  active: false,
  reinstatementStatus: 'Eligible',
  financeStatus: 'Terminated',
  policyHolder: { firstName: 'Aisha', lastName: 'Johnson' },
});

const detail = policyDetail(summary, {
  residentialAddress: {
    street1: '140 Belmont St',
    street2: 'Apt 3',
    city: 'Brockton',
    state: 'MA',
    zipCode: '02301',
    countyName: 'Plymouth',
    fipsCode: '25023',
  },
  members: [
    {
      id: id(2),
      folderId: 'F1',
      exchangeMemberId: '1285381521',
      firstName: 'Aisha',
      lastName: 'Johnson',
      dob: '1992-06-12',
      gender: 'female',
      relationship: 'self',
      ratingAge: 34,
      tobacco: false,
      ssnLast4: null,
      status: 'Inactive',
      spans: [{ startDate: '2025-01-01', endDate: '2026-08-31' }],
      effectiveDate: '2025-01-01',
      endDate: '2026-08-31',
    },
    {
      id: id(3),
      folderId: 'F2',
      exchangeMemberId: '1285381522',
      firstName: 'Josiah',
      lastName: 'Johnson',
      dob: '2019-02-28',
      gender: 'male',
      relationship: 'child',
      ratingAge: 7,
      tobacco: false,
      ssnLast4: null,
      status: 'Inactive',
      spans: [{ startDate: '2025-01-01', endDate: '2026-08-31' }],
      effectiveDate: '2025-01-01',
      endDate: '2026-08-31',
    },
  ],
});

const eligibleOffer: ReinstatementOffer = {
  policyId: POLICY,
  policyNumber: 'LHP-1000005-01',
  planName: 'Lighthouse Harbor Silver 500 HMO',
  lineOfCoverage: 'Medical',
  reinstatementStatus: 'Eligible',
  refusal: null,
  coverageEndedOn: '2026-08-31',
  terminationReason: 'non-payment',
  amountDueCents: 60000,
  months: ['2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'],
  pastDueMonths: ['2026-08-01'],
  expirationDate: '2026-12-31',
  restoredThrough: '2026-12-31',
  openRequest: null,
};

const wallet: Wallet = {
  id: id(10),
  referenceId: 'LHW0000005',
  defaultItem: { kind: 'card', id: id(11) },
  creditCards: [
    {
      id: id(11),
      cardType: 'Visa',
      last4: '4242',
      expirationMonth: 12,
      expirationYear: 2030,
      cardHolderName: 'Aisha Johnson',
      nickname: null,
      funding: 'credit',
      email: null,
      billingAddress: {
        street1: '140 Belmont St',
        street2: null,
        city: 'Brockton',
        state: 'MA',
        zipCode: '02301',
      },
      state: 'Active',
      isDefault: true,
      usedBy: [],
    },
  ],
  bankAccounts: [],
};

const paidAnswer: MakePaymentResponse = {
  information: { subscriberFolderID: 'F1' },
  transactionID: 'ch_reinstate_1',
  typeField: 'Card',
  date: '11/23/2026',
  paymentDetails: { paymentAmount: '600.00', method: 'Card' },
  receipt: {
    paymentId: id(20),
    policyId: POLICY,
    policyNumber: 'LHP-1000005-01',
    planName: 'Lighthouse Harbor Silver 500 HMO',
    subscriberName: 'Aisha Johnson',
    payerName: 'Aisha Johnson',
    amountCents: 60000,
    transactionId: 'ch_reinstate_1',
    transactionDate: '2026-11-23',
    recordedAt: '2026-11-23T15:00:00.000Z',
    status: 'Succeeded',
    paymentMethod: 'Card',
    paymentSource: 'Portal',
    methodBrand: 'Visa',
    methodLastDigits: '4242',
    failureReason: null,
    paidThroughDate: '2026-11-30',
    effectuated: false,
  },
  savedToWallet: 'not-asked',
  reinstatement: {
    serviceRequestId: id(21),
    referenceNumber: 'SR-7K3M9QXT',
    status: 'Completed',
    outcome: 'reinstated',
    coveredThrough: '2026-12-31',
  },
};

const problem = (
  status: number,
  errors: { field: string; code: string; params?: Record<string, string | number> }[],
) =>
  json(
    {
      type: 'urn:portal:problem:unprocessable',
      title: 'Not possible',
      status,
      detail: 'Not possible',
      errors: errors.map((error) => ({ reason: error.code, ...error })),
    },
    status,
  );

interface Options {
  offer?: ReinstatementOffer | (() => ReinstatementOffer);
  offerFails?: boolean;
  guest?: boolean;
  pay?: (body: unknown) => Response;
  policies?: ReturnType<typeof policySummary>[];
  /** The household's policies once a payment went through (a reinstated policy is no longer one that ended). */
  policiesAfterPayment?: ReturnType<typeof policySummary>[];
}

function renderPage(options: Options = {}) {
  const guest = options.guest === true;
  const session = guest
    ? sessionInfo({
        kind: 'guest',
        roles: ['guest'],
        actions: ['make-payment', 'request-reinstatement'],
        displayName: null,
        username: null,
        policyIds: [POLICY],
      })
    : sessionInfo({
        actions: ['make-payment', 'request-reinstatement', 'manage-wallet', 'schedule-payment'],
        displayName: 'Aisha Johnson',
        username: 'aisha.johnson',
      });
  const scenario = guest
    ? {
        base: 'GuestPaymentTermedReinstateOnlyPages' as const,
        exchange: null,
        scenarios: ['GuestPaymentTermedReinstateOnlyPages' as const],
      }
    : {
        base: 'HouseholdNonActivePolicies' as const,
        exchange: null,
        scenarios: ['HouseholdNonActivePolicies' as const],
      };
  let paid = false;
  return renderPortal(PATH, {
    credential: memberCredential({ sub: 'member-5', name: 'Aisha Johnson' }),
    api: {
      session,
      household: () =>
        householdResponse(
          (paid && options.policiesAfterPayment) || options.policies || [summary],
          scenario,
          guest ? null : 'LHW0000005',
        ),
      policies: { [POLICY]: detail },
      custom: (method, path, body) => {
        if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/reinstatement`) {
          if (options.offerFails)
            return json({ type: 'urn:portal:problem:unavailable', title: 'Unavailable', status: 503 }, 503);
          return json(
            typeof options.offer === 'function' ? options.offer() : (options.offer ?? eligibleOffer),
          );
        }
        if (method === 'POST' && path === '/api/v1/Wallet/LHW0000005') return json(wallet);
        if (method === 'GET' && path === '/api/v1/processor/hosted-fields')
          return json({
            origin: 'http://localhost:3001',
            card: 'http://localhost:3001/hosted/card',
            bankAccount: 'http://localhost:3001/hosted/bank',
            expiresAt: '2099-01-01T00:00:00.000Z',
          });
        if (method === 'POST' && path === '/api/v1/Payment') {
          paid = true;
          return options.pay ? options.pay(body) : json(paidAnswer, 201);
        }
        return undefined;
      },
    },
  });
}

const fact = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
};
const payments = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/v1/Payment');

async function toReview() {
  fireEvent.click(await screen.findByRole('button', { name: 'Review payment' }));
  return screen.findByRole('heading', { level: 2, name: 'Review your payment' });
}

describe(
  'reinstate coverage page (issue 11, SPEC §2 span-selection/reactivate-plan)',
  { timeout: 30_000 },
  () => {
    it('says when and why coverage ended, the amount with its months, the deadline, and who is covered again', async () => {
      renderPage();
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Reinstate your coverage' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      await screen.findByRole('heading', { level: 2, name: 'Your ended coverage' });
      expect(fact('Coverage ended on')).toBe('August 31, 2026');
      expect(fact('Why it ended')).toBe('Premiums were not paid by the end of the grace period');
      expect(fact('Amount to reinstate')).toBe(
        '$600.00 for August 2026 to November 2026, that is the month past due and the 3 months since your coverage ended',
      );
      expect(fact('Last day to reinstate')).toBe('December 31, 2026');
      expect(fact('After reinstating')).toBe('Coverage continues through December 31, 2026');
      expect(screen.getByText('Josiah Johnson')).toBeTruthy();
      // The amount is the amount due, fixed; it cannot be paid later.
      const amount = await screen.findByRole('textbox', { name: /Amount/ });
      expect((amount as HTMLInputElement).value).toBe('600.00');
      expect(amount.hasAttribute('readonly')).toBe(true);
      expect(
        screen.getByText('The whole amount due: it pays every month owed, so it cannot be changed.'),
      ).toBeTruthy();
      expect(screen.queryByRole('radiogroup', { name: /When to pay/ })).toBeNull();
    });

    it('asks for confirmation with the amount, the months and the method, then pays to reinstate and shows the receipt', async () => {
      // Once paid, the household's lists refresh: the policy is in force again, yet the outcome stays on the page.
      const { calls } = renderPage({
        policiesAfterPayment: [
          {
            ...summary,
            enrollmentStatus: 'Active',
            status: 'Active',
            active: true,
            reinstatementStatus: 'NotEligible',
            financeStatus: 'Current',
          },
        ],
      });
      await screen.findByRole('heading', { level: 2, name: 'Your ended coverage' }, { timeout: 10_000 });
      await toReview();
      const review = screen.getByRole('region', { name: 'Review your payment' });
      expect(within(review).getByText('$600.00')).toBeTruthy();
      expect(within(review).getByText('for August 2026 to November 2026')).toBeTruthy();
      expect(within(review).getByText('Visa ending in 4242')).toBeTruthy();
      expect(within(review).getByText(/you ask us to reinstate policy LHP-1000005-01/)).toBeTruthy();
      expect(payments(calls)).toHaveLength(0);
      fireEvent.click(within(review).getByRole('button', { name: 'Pay $600.00' }));

      const heading = await screen.findByRole('heading', { level: 2, name: 'Your coverage is reinstated' });
      await waitFor(() => {
        expect(document.activeElement).toBe(heading);
      });
      expect(screen.getByText(/continues without a break through December 31, 2026/)).toBeTruthy();
      const [sent] = payments(calls);
      expect(sent?.body).toMatchObject({
        id: POLICY,
        purpose: 'reinstatement',
        paymentDetails: { paymentAmount: '600.00', method: 'Card', walletItemId: id(11) },
      });
      expect(fact('Amount')).toBe('$600.00 for August 2026 to November 2026');
      expect(fact('Paid through')).toBe('November 30, 2026');
      expect(fact('Request reference')).toBe('SR-7K3M9QXT');
      expect(screen.getByRole('link', { name: 'Open the printable receipt' }).getAttribute('href')).toBe(
        `/payments/payment-history/${id(20)}`,
      );
      expect(screen.getByRole('link', { name: 'See your service requests' })).toBeTruthy();
    });

    it('says what happens next when staff must review (Manual) or a bank payment must clear', async () => {
      renderPage({
        offer: { ...eligibleOffer, reinstatementStatus: 'Manual' },
        pay: () =>
          json(
            {
              ...paidAnswer,
              reinstatement: {
                ...paidAnswer.reinstatement,
                status: 'Submitted',
                outcome: 'in-review',
                coveredThrough: null,
              },
            },
            201,
          ),
      });
      expect(
        await screen.findByText(/Your case needs a review by our staff/, undefined, { timeout: 10_000 }),
      ).toBeTruthy();
      await toReview();
      expect(
        screen.getByText(/Our staff review your request; your coverage stays ended until they approve it/),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Pay $600.00' }));
      expect(
        await screen.findByRole('heading', { level: 2, name: 'We received your payment and your request' }),
      ).toBeTruthy();
      expect(screen.getByText(/Request SR-7K3M9QXT is with our staff/)).toBeTruthy();
    });

    it('says why a policy cannot be reinstated, and what to do instead', async () => {
      const { unmount } = renderPage({
        offer: {
          ...eligibleOffer,
          refusal: 'reinstatement-expired',
          expirationDate: '2026-10-31',
          amountDueCents: 0,
          months: [],
        },
      });
      expect(
        await screen.findByRole(
          'heading',
          { level: 2, name: 'The deadline to reinstate has passed' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(screen.getByText(/The last day to reinstate this policy was October 31, 2026/)).toBeTruthy();
      expect(screen.getByText(/special enrollment period/)).toBeTruthy();
      expect(
        screen
          .getByRole('link', { name: /Apply for coverage at Massachusetts Health Connector/ })
          .getAttribute('target'),
      ).toBe('_blank');
      expect(screen.queryByRole('button', { name: 'Review payment' })).toBeNull();
      unmount();

      const second = renderPage({
        offer: {
          ...eligibleOffer,
          reinstatementStatus: 'NotEligible',
          refusal: 'reinstatement-not-eligible',
          terminationReason: 'voluntary',
          amountDueCents: 0,
          months: [],
        },
      });
      expect(
        await screen.findByRole(
          'heading',
          { level: 2, name: 'This policy cannot be reinstated online' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(fact('Why it ended')).toBe('You asked to end it');
      second.unmount();

      renderPage({
        offer: {
          ...eligibleOffer,
          refusal: 'reinstatement-requested',
          openRequest: {
            id: id(30),
            referenceNumber: 'SR-WAIT2345',
            status: 'Submitted',
            waitingFor: 'payment',
          },
        },
      });
      expect(
        await screen.findByRole(
          'heading',
          { level: 2, name: 'Your request is on its way' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(
        screen.getByText(/request SR-WAIT2345\)\. We are waiting for your bank payment to clear/),
      ).toBeTruthy();
    });

    it('puts the server’s refusal of the amount on the amount field and keeps what was typed', async () => {
      const { calls } = renderPage({
        pay: () =>
          problem(422, [
            {
              field: 'body.paymentDetails.paymentAmount',
              code: 'amount-not-reinstatement-due',
              params: { amount: 750 },
            },
          ]),
      });
      await screen.findByRole('heading', { level: 2, name: 'Your ended coverage' }, { timeout: 10_000 });
      fireEvent.input(screen.getByRole('textbox', { name: /Name on the card or account/ }), {
        target: { value: 'Aisha M. Johnson' },
      });
      await toReview();
      fireEvent.click(screen.getByRole('button', { name: 'Pay $600.00' }));
      expect(await screen.findByText('Reinstating takes the whole amount due: $750.00.')).toBeTruthy();
      // Back on the details with what was typed.
      expect(
        screen.getByRole<HTMLInputElement>('textbox', { name: /Name on the card or account/ }).value,
      ).toBe('Aisha M. Johnson');
      expect(payments(calls)).toHaveLength(1);
    });

    it('says so, and shows the new state, when the offer changed under the member (the deadline passed)', async () => {
      let offer = eligibleOffer;
      renderPage({
        offer: () => offer,
        pay: () => {
          offer = { ...eligibleOffer, refusal: 'reinstatement-expired', amountDueCents: 0, months: [] };
          return problem(422, [{ field: 'body.id', code: 'reinstatement-expired' }]);
        },
      });
      await screen.findByRole('heading', { level: 2, name: 'Your ended coverage' }, { timeout: 10_000 });
      await toReview();
      fireEvent.click(screen.getByRole('button', { name: 'Pay $600.00' }));
      expect(
        await screen.findByRole('heading', { level: 2, name: 'The deadline to reinstate has passed' }),
      ).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toContain(
        'The last day to reinstate this policy has passed.',
      );
    });

    it('shows a located guest the offer without naming the household’s people, and pays with a one-time method only', async () => {
      renderPage({ guest: true });
      await screen.findByRole('heading', { level: 2, name: 'Your ended coverage' }, { timeout: 10_000 });
      expect(screen.queryByText('Josiah Johnson')).toBeNull();
      expect(screen.queryByText('People covered again')).toBeNull();
      expect(
        screen.getByText('Enter a card or bank account for this payment. It is not saved.'),
      ).toBeTruthy();
      expect(screen.queryByRole('radio', { name: /Visa ending in 4242/ })).toBeNull();
      expect(screen.getByRole('radio', { name: 'A new card' })).toBeTruthy();
    });

    it('says when there is nothing to reinstate, and when the offer cannot be loaded', async () => {
      const active = policySummary({ id: id(40) });
      const { unmount } = renderPage({ policies: [active] });
      expect(
        await screen.findByText(
          'None of your policies has ended, so there is nothing to reinstate.',
          undefined,
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      unmount();
      renderPage({ offerFails: true });
      expect(
        await screen.findByText(/We could not load what reinstating this policy takes/, undefined, {
          timeout: 10_000,
        }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });

    it('speaks Spanish and Portuguese', async () => {
      await changeLanguage('es');
      const { unmount } = renderPage();
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Restablezca su cobertura' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(await screen.findByText('Monto para restablecerla')).toBeTruthy();
      unmount();
      await changeLanguage('pt');
      renderPage();
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Reative a sua cobertura' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(await screen.findByText('Valor para reativar')).toBeTruthy();
      await changeLanguage('en');
    });
  },
);
