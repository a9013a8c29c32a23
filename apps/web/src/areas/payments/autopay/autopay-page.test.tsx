import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AutopayList, AutopaySubscription, PolicySummary, Wallet } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const POLICY = id(40);

function wallet(): Wallet {
  const card = {
    cardHolderName: 'María Santos',
    nickname: null,
    funding: 'credit' as const,
    email: null,
    billingAddress: {
      street1: '12 Harbor St',
      street2: null,
      city: 'Fall River',
      state: 'MA',
      zipCode: '02720',
    },
    state: 'Active' as const,
    usedBy: [],
  };
  return {
    id: id(1),
    referenceId: 'LHW0000001',
    defaultItem: { kind: 'card', id: id(10) },
    creditCards: [
      // The fixture's today is 2026-11-22: this one runs out at the end of the month.
      {
        ...card,
        id: id(10),
        cardType: 'Visa',
        last4: '4242',
        expirationMonth: 11,
        expirationYear: 2026,
        isDefault: true,
      },
      {
        ...card,
        id: id(12),
        cardType: 'Mastercard',
        last4: '4444',
        expirationMonth: 1,
        expirationYear: 2025,
        isDefault: false,
      },
    ],
    bankAccounts: [
      {
        id: id(20),
        accountType: 'Checking',
        last3: '789',
        routingNumberLast4: '0175',
        bankName: 'Harbor Savings',
        nickname: 'Household checking',
        accountHolderName: 'María Santos',
        accountHolderAddress: null,
        email: null,
        state: 'Active',
        isDefault: false,
        usedBy: [],
      },
    ],
  };
}

function subscription(override: Partial<AutopaySubscription> = {}): AutopaySubscription {
  return {
    id: id(30),
    policyId: POLICY,
    name: 'Autopay',
    description: null,
    amountType: 'AmountDue',
    amountCents: null,
    paymentMethod: 'Card',
    paymentSource: {
      kind: 'card',
      id: id(10),
      lastDigits: '4242',
      brand: 'Visa',
      nickname: null,
      removed: false,
    },
    runDay: 28,
    daysBeforeDue: 3,
    maxAmountCents: 30000,
    skipPeriod: null,
    state: 'Active',
    startDate: '2026-10-02',
    endDate: null,
    lastProcessed: '2026-10-28',
    replacedBy: null,
    nextRun: {
      period: '2026-12-01',
      dueDate: '2026-12-01',
      runDate: '2026-11-28',
      amountCents: 20730,
      status: 'Upcoming',
      skipped: false,
      cardExpiresBefore: true,
    },
    lastRun: {
      period: '2026-11-01',
      runDate: '2026-10-29',
      status: 'Paid',
      amountCents: 20730,
      reason: null,
      attempt: 1,
      nextAttemptDate: null,
      paymentId: id(50),
    },
    createdTime: '2026-10-02T14:00:00.000Z',
    modifiedTime: '2026-10-02T14:00:00.000Z',
    ...override,
  };
}

const listOf = (items: AutopaySubscription[], override: Partial<AutopayList> = {}): AutopayList => {
  const activeCount = items.filter((item) => item.state === 'Active').length;
  return { items, activeCount, maxAutopayAllowed: 1, canAddAutopay: activeCount < 1, ...override };
};

function renderAutopay(
  options: {
    list?: AutopayList | (() => AutopayList);
    policy?: Partial<PolicySummary>;
    walletReferenceId?: string | null;
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
    actions?: string[];
  } = {},
) {
  const summary = policySummary({ id: POLICY, ...options.policy });
  return renderPortal('/payments/autopay', {
    credential: memberCredential(),
    api: {
      session: sessionInfo(options.actions ? { actions: options.actions } : {}),
      household: householdResponse(
        [summary],
        undefined,
        options.walletReferenceId === undefined ? 'LHW0000001' : options.walletReferenceId,
      ),
      custom: (method, path, body) => {
        const answer = options.answer?.(method, path, body);
        if (answer) return answer;
        if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/autopay`)
          return json(typeof options.list === 'function' ? options.list() : (options.list ?? listOf([])));
        if (method === 'POST' && path === '/api/v1/Wallet/LHW0000001') return json(wallet());
        return undefined;
      },
    },
  });
}

const commandsOf = (calls: Call[]) =>
  calls
    .filter((call) => call.url.includes('/autopay') || call.url.includes('/Autopay/'))
    .filter((call) => call.method !== 'GET');
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('autopay page (SPEC §3 Subscription, §4 Autopay)', { timeout: 30_000 }, () => {
  it('shows the active autopay: terms, next payment with the card warning, last payment with its receipt, past ones', async () => {
    const past = subscription({
      id: id(31),
      state: 'Cancelled',
      amountType: 'Fixed',
      amountCents: 15000,
      maxAmountCents: null,
      endDate: '2026-10-01',
      replacedBy: id(30),
      nextRun: null,
      lastRun: null,
      startDate: '2026-06-01',
    });
    renderAutopay({ list: listOf([subscription(), past]) });
    const active = await screen.findByRole('region', { name: 'Your autopay' }, { timeout: 10_000 });
    expect(fact('Charges')).toBe('The amount due each month, up to $300.00');
    expect(fact('Pays from')).toBe('Visa ending in 4242');
    expect(fact('When')).toBe('3 days before the due date');
    const next = within(active).getByRole('region', { name: 'Next payment' });
    expect(fact('Billed month')).toBe('December 2026');
    expect(fact('Amount')).toBe('$207.30');
    expect(
      within(next).getByText(
        'Visa ending in 4242 expires before November 28, 2026. Pay from another method so this payment is not declined.',
      ),
    ).toBeTruthy();
    expect(within(active).getByText('November 2026: Paid on October 29, 2026')).toBeTruthy();
    expect(within(active).getByRole('link', { name: 'View the receipt' }).getAttribute('href')).toBe(
      `/payments/payment-history/${id(50)}`,
    );
    const pastList = screen.getByRole('region', { name: 'Past autopay' });
    expect(within(pastList).getByText('$150.00 each month')).toBeTruthy();
    expect(within(pastList).getByText(/Replaced when you chose another payment method/)).toBeTruthy();
    // One autopay per policy (SPEC §9 maxAutopayAllowed): no set-up form while it is on.
    expect(screen.queryByRole('region', { name: 'Set up autopay' })).toBeNull();
    expect(screen.getByText(/A policy can have 1 autopay at a time/)).toBeTruthy();
  });

  it('skips the next payment once with an idempotency key, and turns autopay off only after confirming', async () => {
    const skipped = subscription({
      skipPeriod: '2026-12-01',
      nextRun: { ...subscription().nextRun!, skipped: true },
    });
    const { calls } = renderAutopay({
      list: listOf([subscription()]),
      answer: (method, path) => {
        if (method === 'PUT' && path === `/api/v1/Autopay/${id(30)}/skip-next`)
          return json(listOf([skipped]));
        if (method === 'PUT' && path === `/api/v1/Autopay/${id(30)}/cancel`)
          return json(listOf([subscription({ state: 'Cancelled', nextRun: null })]));
        return undefined;
      },
    });
    const active = await screen.findByRole('region', { name: 'Your autopay' }, { timeout: 10_000 });
    fireEvent.click(within(active).getByRole('button', { name: 'Skip the next payment' }));
    expect(
      await screen.findByText('Autopay will not charge December 2026. It goes on the month after.'),
    ).toBeTruthy();
    expect(commandsOf(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: `/api/v1/Autopay/${id(30)}/skip-next`,
        body: { skip: true },
      }),
    ]);

    fireEvent.click(within(active).getByRole('button', { name: 'Turn off autopay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off autopay?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep autopay on' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(commandsOf(calls)).toHaveLength(1);
    fireEvent.click(within(active).getByRole('button', { name: 'Turn off autopay' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Autopay is off.')).toBeTruthy();
    expect(commandsOf(calls)[1]).toMatchObject({ method: 'PUT', url: `/api/v1/Autopay/${id(30)}/cancel` });
  });

  it('sets up autopay: translated field errors keep what was typed, then the authorised request is sent', async () => {
    await changeLanguage('es', false);
    let list = listOf([]);
    const { calls } = renderAutopay({
      list: () => list,
      answer: (method, path) => {
        if (method !== 'POST' || path !== `/api/v1/Policy/${POLICY}/autopay`) return undefined;
        list = listOf([subscription()]);
        return json(list, 201);
      },
    });
    const setUp = await screen.findByRole(
      'region',
      { name: 'Configurar el pago automático' },
      { timeout: 10_000 },
    );
    // The expired card is shown but cannot be chosen; the default card is chosen first.
    expect(
      within(setUp)
        .getByRole('radio', { name: 'Mastercard terminada en 4444 (vencida)' })
        .hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(within(setUp).getByRole('radio', { name: 'Un monto fijo cada mes' }));
    const fixed = within(setUp).getByRole('textbox', { name: /Monto fijo/ });
    fireEvent.input(fixed, { target: { value: '12,50' } });
    fireEvent.click(within(setUp).getByRole('button', { name: 'Activar el pago automático' }));
    expect(
      await within(setUp).findByText('Monto fijo debe ser un monto como 125.50.', { selector: 'p' }),
    ).toBeTruthy();
    expect(
      within(setUp).getByText('Marque la casilla para autorizar los cargos.', { selector: 'p' }),
    ).toBeTruthy();
    expect((fixed as HTMLInputElement).value).toBe('12,50');
    expect(commandsOf(calls)).toEqual([]);

    fireEvent.input(fixed, { target: { value: '150' } });
    fireEvent.click(
      within(setUp).getByRole('radio', { name: 'Household checking (de cheques terminada en 789)' }),
    );
    const consent = within(setUp).getByRole('checkbox', {
      name: 'Autorizo que se cobre automáticamente $150.00 exactos a Household checking (de cheques terminada en 789), en la fecha de vencimiento, para la póliza LHP-1000001-01, cada mes hasta que desactive el pago automático.',
    });
    fireEvent.click(consent);
    fireEvent.click(within(setUp).getByRole('button', { name: 'Activar el pago automático' }));
    expect(await screen.findByRole('region', { name: 'Su pago automático' })).toBeTruthy();
    expect(commandsOf(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `/api/v1/Policy/${POLICY}/autopay`,
        body: {
          walletItemId: id(20),
          amountType: 'Fixed',
          fixedAmount: '150',
          daysBeforeDue: 0,
          consent: true,
        },
      }),
    ]);
    await changeLanguage('en', false);
  });

  it('puts the server’s refusal on its field, in the page’s words', async () => {
    renderAutopay({
      answer: (method, path) =>
        method === 'POST' && path === `/api/v1/Policy/${POLICY}/autopay`
          ? json(
              {
                type: 'urn:portal:problem:unprocessable',
                title: 'Not possible',
                status: 422,
                errors: [
                  { field: 'body.walletItemId', reason: 'This card has expired.', code: 'card-expired' },
                ],
              },
              422,
            )
          : undefined,
    });
    const setUp = await screen.findByRole('region', { name: 'Set up autopay' }, { timeout: 10_000 });
    fireEvent.click(
      within(setUp).getByRole('checkbox', {
        name: /^I authorise automatic debits of the amount due from Visa ending in 4242, on the due date/,
      }),
    );
    fireEvent.click(within(setUp).getByRole('button', { name: 'Turn on autopay' }));
    expect(
      await within(setUp).findByText('This card has expired. Choose another method.', { selector: 'p' }),
    ).toBeTruthy();
    expect(
      within(setUp)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toContain('This card has expired. Choose another method.');
  });

  it('says why autopay cannot be set up: a binder policy, or no saved method', async () => {
    renderAutopay({ policy: { financeStatus: 'Binder', status: 'Pending' } });
    expect(
      await screen.findByText(
        'Autopay can start once the first premium (the binder payment) is paid.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make the first payment' }).getAttribute('href')).toBe(
      '/payments/binding-payment',
    );
    expect(screen.queryByRole('button', { name: 'Turn on autopay' })).toBeNull();
  });

  it('leads to the wallet when no method is saved', async () => {
    renderAutopay({ walletReferenceId: null });
    expect(
      await screen.findByText(
        'To set up autopay, first save a card or bank account in your wallet.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your wallet' }).getAttribute('href')).toBe(
      '/payments/wallet',
    );
  });
});
