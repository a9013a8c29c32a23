import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScheduledPayment, ScheduledPaymentList, Wallet } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const POLICY = id(40);

const wallet: Wallet = {
  id: id(1),
  referenceId: 'LHW0000001',
  defaultItem: { kind: 'card', id: id(10) },
  creditCards: [
    {
      id: id(10),
      cardType: 'Visa',
      last4: '4242',
      expirationMonth: 12,
      expirationYear: 2030,
      cardHolderName: 'María Santos',
      nickname: null,
      funding: 'credit',
      email: null,
      billingAddress: {
        street1: '12 Harbor St',
        street2: null,
        city: 'Fall River',
        state: 'MA',
        zipCode: '02720',
      },
      state: 'Active',
      isDefault: true,
      usedBy: [],
    },
  ],
  bankAccounts: [
    {
      id: id(20),
      accountType: 'Checking',
      last3: '789',
      routingNumberLast4: '0175',
      bankName: 'Harbor Savings',
      nickname: null,
      accountHolderName: 'María Santos',
      accountHolderAddress: null,
      email: null,
      state: 'Active',
      isDefault: false,
      usedBy: [],
    },
  ],
};

function scheduled(n: number, override: Partial<ScheduledPayment> = {}): ScheduledPayment {
  return {
    id: id(100 + n),
    accountId: POLICY,
    paymentAmountCents: 12500,
    description: null,
    paymentDate: '2026-12-01',
    paymentMethod: 'Card',
    paymentSource: {
      kind: 'card',
      id: id(10),
      lastDigits: '4242',
      brand: 'Visa',
      nickname: null,
      removed: false,
    },
    status: 'Scheduled',
    failureReason: null,
    createdDate: '2026-11-20T10:00:00.000Z',
    modifiedDate: '2026-11-20T10:00:00.000Z',
    planName: 'Lighthouse Harbor Silver 500 HMO',
    ...override,
  };
}

function listOf(items: ScheduledPayment[]): ScheduledPaymentList {
  const count = items.filter((item) => item.status === 'Scheduled').length;
  return {
    items,
    scheduledCount: count,
    maxScheduledPaymentsAllowed: 3,
    remaining: Math.max(0, 3 - count),
    canAddScheduledPayment: count < 3,
  };
}

function renderPage(
  options: {
    items?: ScheduledPayment[];
    financeStatus?: string;
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
    listFails?: boolean;
  } = {},
) {
  const summary = policySummary({ id: POLICY, financeStatus: options.financeStatus ?? 'Current' });
  return renderPortal('/payments/scheduled-payments', {
    credential: memberCredential(),
    api: {
      session: sessionInfo(),
      household: householdResponse([summary], undefined, 'LHW0000001'),
      custom: (method, path, body) => {
        const answer = options.answer?.(method, path, body);
        if (answer) return answer;
        if (method === 'POST' && path === '/api/v1/Wallet/LHW0000001') return json(wallet);
        if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/scheduled-payments`) {
          return options.listFails
            ? json({ type: 'about:blank', title: 'Unavailable', status: 503 }, 503)
            : json(listOf(options.items ?? []));
        }
        return undefined;
      },
    },
  });
}

const commandsOf = (calls: Call[]) =>
  calls.filter(
    (call) => call.method === 'PUT' || (call.method === 'POST' && call.url.includes('/scheduled-payments')),
  );
const problem = (errors: { field: string; code: string; params?: Record<string, string | number> }[]) =>
  json(
    {
      type: 'https://portal.example/problems/unprocessable',
      title: 'Not possible',
      status: 422,
      detail: 'Not possible',
      errors: errors.map((error) => ({ reason: error.code, ...error })),
    },
    422,
  );

describe('scheduled payments page (issue 10, SPEC §3 Scheduled payment)', { timeout: 30_000 }, () => {
  it('lists the policy’s payments with status, amount, date and the method’s last digits', async () => {
    renderPage({
      items: [
        scheduled(1, { description: 'December premium' }),
        scheduled(2, {
          status: 'Paid',
          paymentDate: '2026-11-01',
          paymentAmountCents: 5000,
          paymentMethod: 'BankAccount',
          paymentSource: {
            kind: 'bankAccount',
            id: id(20),
            lastDigits: '789',
            brand: 'Checking',
            nickname: null,
            removed: false,
          },
        }),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scheduled payments' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const first = (
      await screen.findByRole('heading', { level: 3, name: '$125.00 on December 1, 2026' })
    ).closest('li')!;
    expect(within(first).getByText('Scheduled')).toBeTruthy();
    expect(within(first).getByText('From Visa ending in 4242')).toBeTruthy();
    expect(within(first).getByText('Note: December premium')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Change – $125.00 on December 1, 2026' })).toBeTruthy();
    const paid = screen.getByRole('heading', { level: 3, name: '$50.00 on November 1, 2026' }).closest('li')!;
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('From Checking account ending in 789')).toBeTruthy();
    expect(within(paid).queryByRole('button')).toBeNull();
    expect(screen.getByText('Scheduled now: 1 of 3 allowed for this policy.')).toBeTruthy();
  });

  it('says when there is nothing scheduled', async () => {
    renderPage();
    expect(
      await screen.findByText('There are no scheduled payments for this policy yet.', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
  });

  it('offers to try again when the list cannot load', async () => {
    renderPage({ listFails: true });
    expect(
      await screen.findByText('We could not load the scheduled payments.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('disables scheduling with the reason when the limit is reached, or for a binder', async () => {
    const { unmount } = renderPage({ items: [scheduled(1), scheduled(2), scheduled(3)] });
    const button = await screen.findByRole('button', { name: 'Schedule a payment' }, { timeout: 10_000 });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/already has 3 scheduled payments, the most allowed/)).toBeTruthy();
    unmount();
    renderPage({ financeStatus: 'Binder' });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Schedule a payment' }).hasAttribute('disabled')).toBe(true);
    });
    expect(screen.getByText(/binder payment\) is made now and in full/)).toBeTruthy();
  });

  it('schedules a payment after a review, field errors shown first and nothing sent until confirmed', async () => {
    const created = scheduled(5, { paymentAmountCents: 4000, paymentDate: '2026-12-15' });
    const { calls } = renderPage({
      answer: (method, path) =>
        method === 'POST' && path === `/api/v1/Policy/${POLICY}/scheduled-payments`
          ? json(created, 201)
          : undefined,
    });
    const open = await screen.findByRole('button', { name: 'Schedule a payment' }, { timeout: 10_000 });
    await waitFor(() => {
      expect(open.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a payment' });
    expect(within(dialog).getByRole('radio', { name: 'Visa ending in 4242' })).toHaveProperty(
      'checked',
      true,
    );
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    const date = within(dialog).getByLabelText(/Payment date/);
    fireEvent.input(amount, { target: { value: '0.50' } });
    fireEvent.input(date, { target: { value: '2026-11-23' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Amount must be at least $1.00.')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Payment date must be tomorrow or later. To pay today, use the Make a payment page.',
      ),
    ).toBeTruthy();
    // What was typed stays.
    expect((amount as HTMLInputElement).value).toBe('0.50');
    fireEvent.input(amount, { target: { value: '40' } });
    fireEvent.input(date, { target: { value: '2026-12-15' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Checking account ending in 789' }));
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Note/ }), {
      target: { value: 'Half of December' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const review = await screen.findByRole('dialog', { name: 'Review your scheduled payment' });
    expect(within(review).getByText('$40.00')).toBeTruthy();
    expect(within(review).getByText('December 15, 2026')).toBeTruthy();
    expect(within(review).getByText(/scheduled payments of this policy are cleared/)).toBeTruthy();
    expect(commandsOf(calls)).toEqual([]);
    fireEvent.click(within(review).getByRole('button', { name: 'Schedule $40.00' }));
    expect(await screen.findByText('Your payment of $40.00 on December 15, 2026 is scheduled.')).toBeTruthy();
    const [command] = commandsOf(calls);
    expect(command).toMatchObject({
      method: 'POST',
      body: {
        walletItemId: id(20),
        paymentAmount: '40',
        paymentDate: '2026-12-15',
        description: 'Half of December',
      },
    });
  });

  it('puts the server’s refusal on its field, translated, keeping what was typed (es)', async () => {
    await changeLanguage('es', false);
    try {
      renderPage({
        answer: (method, path) =>
          method === 'POST' && path === `/api/v1/Policy/${POLICY}/scheduled-payments`
            ? problem([
                { field: 'body.paymentDate', code: 'date-after-horizon', params: { latest: '2027-02-21' } },
              ])
            : undefined,
      });
      const open = await screen.findByRole('button', { name: 'Programar un pago' }, { timeout: 10_000 });
      await waitFor(() => {
        expect(open.hasAttribute('disabled')).toBe(false);
      });
      fireEvent.click(open);
      const dialog = await screen.findByRole('dialog', { name: 'Programar un pago' });
      fireEvent.input(within(dialog).getByRole('textbox', { name: /Monto/ }), { target: { value: '25.00' } });
      fireEvent.input(within(dialog).getByLabelText(/Fecha de pago/), { target: { value: '2027-01-10' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      fireEvent.click(
        within(await screen.findByRole('dialog', { name: 'Revise su pago programado' })).getByRole('button', {
          name: /^Programar .*25\.00$/,
        }),
      );
      const back = await screen.findByRole('dialog', { name: 'Programar un pago' });
      expect(
        await within(back).findByText(
          'Fecha de pago está demasiado lejos. Elija una fecha dentro de las permitidas.',
        ),
      ).toBeTruthy();
      expect(
        within(back).getByText('Elija una fecha de pago que no sea posterior al 21 de febrero de 2027.'),
      ).toBeTruthy();
      expect(within(back).getByRole<HTMLInputElement>('textbox', { name: /Monto/ }).value).toBe('25.00');
    } finally {
      await changeLanguage('en', false);
    }
  });

  it('changes only what changed, and cancels only after confirming', async () => {
    const payment = scheduled(1);
    const { calls } = renderPage({
      items: [payment],
      answer: (method, path) => {
        if (method === 'PUT' && path === `/api/v1/ScheduledPayment/${payment.id}`)
          return json({ ...payment, paymentAmountCents: 9000 });
        if (method === 'PUT' && path === `/api/v1/ScheduledPayment/${payment.id}/cancel`)
          return json({ ...payment, status: 'Cancelled' });
        return undefined;
      },
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Change – $125.00 on December 1, 2026' },
        { timeout: 10_000 },
      ),
    );
    const change = await screen.findByRole('dialog', {
      name: 'Change the payment of $125.00 on December 1, 2026',
    });
    const amount = within(change).getByRole('textbox', { name: /Amount/ });
    expect((amount as HTMLInputElement).value).toBe('125.00');
    fireEvent.input(amount, { target: { value: '90.00' } });
    fireEvent.click(within(change).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your scheduled payment is now $90.00 on December 1, 2026.')).toBeTruthy();
    expect(commandsOf(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: `/api/v1/ScheduledPayment/${payment.id}`,
        body: { paymentAmount: '90.00' },
      }),
    ]);

    // The closed dialog gives the page back to assistive technology in an effect (after the frame under Preact).
    fireEvent.click(
      await screen.findByRole('button', { name: 'Cancel payment – $125.00 on December 1, 2026' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: 'Cancel the payment of $125.00 on December 1, 2026?',
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(commandsOf(calls)).toHaveLength(1);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Cancel payment – $125.00 on December 1, 2026' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel payment' }),
    );
    expect(await screen.findByText('The payment of $125.00 on December 1, 2026 was cancelled.')).toBeTruthy();
    expect(commandsOf(calls)[1]).toMatchObject({
      method: 'PUT',
      url: `/api/v1/ScheduledPayment/${payment.id}/cancel`,
    });
  });
});
