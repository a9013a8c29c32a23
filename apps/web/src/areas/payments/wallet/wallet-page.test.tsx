import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Wallet } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const PROCESSOR = 'http://127.0.0.1:4999';
const hostedFields = {
  origin: PROCESSOR,
  card: `${PROCESSOR}/hosted-fields/card?lang=en&parent=http%3A%2F%2Flocalhost%3A3000&session=tks_test`,
  bankAccount: `${PROCESSOR}/hosted-fields/bank-account?lang=en&parent=http%3A%2F%2Flocalhost%3A3000&session=tks_test`,
  expiresAt: '2099-01-01T00:00:00.000Z',
};
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function wallet(override: Partial<Wallet> = {}): Wallet {
  return {
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
      {
        id: id(11),
        cardType: 'Amex',
        last4: '0005',
        // The fixture's today is 2026-11-22: this one runs out this month.
        expirationMonth: 11,
        expirationYear: 2026,
        cardHolderName: 'María Santos',
        nickname: 'Travel',
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
        isDefault: false,
        usedBy: [
          {
            kind: 'autopay',
            id: id(30),
            policyId: id(40),
            policyNumber: 'LHP-1000001-01',
            name: 'Monthly premium',
            paymentDate: null,
            amountCents: null,
          },
        ],
      },
      {
        id: id(12),
        cardType: 'Mastercard',
        last4: '4444',
        expirationMonth: 1,
        expirationYear: 2025,
        cardHolderName: 'María Santos',
        nickname: null,
        funding: 'debit',
        email: null,
        billingAddress: {
          street1: '12 Harbor St',
          street2: null,
          city: 'Fall River',
          state: 'MA',
          zipCode: '02720',
        },
        state: 'Active',
        isDefault: false,
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
        nickname: 'Household checking',
        accountHolderName: 'María Santos',
        accountHolderAddress: null,
        email: null,
        state: 'Active',
        isDefault: false,
        usedBy: [],
      },
    ],
    ...override,
  };
}

function renderWallet(
  options: {
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
    actions?: string[];
    walletReferenceId?: string | null;
    current?: Wallet;
  } = {},
) {
  const summary = policySummary();
  const current = options.current ?? wallet();
  return renderPortal('/payments/wallet', {
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
        if (path === '/api/v1/processor/hosted-fields') return json(hostedFields);
        if (method === 'POST' && path === '/api/v1/Wallet/LHW0000001') return json(current);
        return undefined;
      },
    },
  });
}

const commandsOf = (calls: Call[]) =>
  calls.filter(
    (call) =>
      call.method === 'PUT' ||
      (call.method === 'POST' && call.url.includes('/Wallet/') && call.url !== '/api/v1/Wallet/LHW0000001'),
  );

describe('wallet page (SPEC §3 Wallet, §4 Wallet)', { timeout: 30_000 }, () => {
  it('lists cards and bank accounts with brand, last digits, expiry flags and the default', async () => {
    renderWallet();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wallet' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const cards = await screen.findByRole('region', { name: 'Cards' });
    expect(within(cards).getByRole('heading', { name: 'Visa ending in 4242' })).toBeTruthy();
    const visa = within(cards).getAllByRole('listitem')[0]!;
    expect(within(visa).getByText('Default')).toBeTruthy();
    expect(within(visa).getByText('Expires 12/2030')).toBeTruthy();
    expect(within(visa).queryByRole('button', { name: /Make default/ })).toBeNull();
    const travel = within(cards).getByRole('heading', { name: 'Travel' }).closest('li')!;
    expect(within(travel as HTMLElement).getByText('American Express ending in 0005')).toBeTruthy();
    expect(within(travel as HTMLElement).getByText('Expires soon')).toBeTruthy();
    expect(
      within(travel as HTMLElement).getByText('Autopay “Monthly premium” on policy LHP-1000001-01'),
    ).toBeTruthy();
    const expired = within(cards).getByRole('heading', { name: 'Mastercard ending in 4444' }).closest('li')!;
    expect(within(expired as HTMLElement).getByText('Expired')).toBeTruthy();
    const banks = screen.getByRole('region', { name: 'Bank accounts' });
    expect(within(banks).getByRole('heading', { name: 'Household checking' })).toBeTruthy();
    expect(within(banks).getByText('Checking account ending in 789')).toBeTruthy();
    expect(within(banks).getByText('Harbor Savings · Routing number ending in 0175')).toBeTruthy();
  });

  it('makes a method the default with an idempotency key and says so', async () => {
    const { calls } = renderWallet({
      answer: (method, path) =>
        method === 'PUT' && path === `/api/v1/Wallet/make-default/${id(1)}` ? json(wallet()) : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make default – Household checking' }));
    expect(await screen.findByText('Household checking is now your default payment method.')).toBeTruthy();
    const [command] = commandsOf(calls);
    expect(command).toMatchObject({
      method: 'PUT',
      url: `/api/v1/Wallet/make-default/${id(1)}`,
      body: { isDefault: true, itemId: id(20) },
    });
  });

  it('removes a method only after confirming', async () => {
    const { calls } = renderWallet({
      answer: (method, path) =>
        method === 'PUT' && path === `/api/v1/Wallet/remove-credit-card/${id(1)}/${id(12)}`
          ? json(wallet())
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove – Mastercard ending in 4444' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mastercard ending in 4444?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(commandsOf(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove – Mastercard ending in 4444' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Mastercard ending in 4444 was removed from your wallet.')).toBeTruthy();
    expect(commandsOf(calls)).toEqual([
      expect.objectContaining({ method: 'PUT', url: `/api/v1/Wallet/remove-credit-card/${id(1)}/${id(12)}` }),
    ]);
  });

  it('says which autopay uses a method and leads to its page instead of removing it', async () => {
    const { calls } = renderWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove – Travel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Travel cannot be removed yet' });
    expect(within(dialog).getByText('Autopay “Monthly premium” on policy LHP-1000001-01')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Change autopay' }).getAttribute('href')).toBe(
      '/payments/autopay',
    );
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(commandsOf(calls)).toEqual([]);
  });

  it('renames a bank account through the form kit, field errors translated', async () => {
    await changeLanguage('es', false);
    const { calls } = renderWallet({
      answer: (method, path) =>
        method === 'PUT' && path === '/api/v1/Wallet/update-bank-account' ? json(wallet()) : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar – Household checking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cuenta corriente que termina en 789' });
    const holder = within(dialog).getByRole('textbox', { name: /Nombre del titular de la cuenta/ });
    fireEvent.input(holder, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(dialog).findByText('Nombre del titular de la cuenta es obligatorio.', { selector: 'p' }),
    ).toBeTruthy();
    fireEvent.input(holder, { target: { value: 'María Santos' } });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Apodo/ }), {
      target: { value: 'Cuenta de la casa' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Se guardaron sus cambios en Cuenta de la casa.')).toBeTruthy();
    expect(commandsOf(calls)).toEqual([
      expect.objectContaining({
        body: {
          itemId: id(20),
          nickname: 'Cuenta de la casa',
          accountHolderName: 'María Santos',
          accountHolderAddress: '',
          email: '',
        },
      }),
    ]);
    await changeLanguage('en', false);
  });

  it('adds a card: the hosted fields tokenise in their frame, the page sends only the token and the holder details', async () => {
    const { calls } = renderWallet({
      walletReferenceId: null,
      answer: (method, path) => {
        if (method === 'POST' && path.startsWith('/api/v1/Wallet/household/'))
          return json({ id: id(1), referenceId: 'LHW0000001' });
        if (method === 'POST' && path === `/api/v1/Wallet/add-credit-card/${id(1)}`)
          return json(wallet(), 201);
        return undefined;
      },
    });
    expect(await screen.findByText('No cards saved yet.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add a card' });
    await waitFor(() => {
      expect(add.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    const frame = within(dialog).getByTitle<HTMLIFrameElement>(
      'Card details: secure form of our payment processor',
    );
    expect(frame.getAttribute('src')).toBe(hostedFields.card);
    // The frame's window (the processor's page is not loaded here): what the page posts to it is recorded.
    const sent: { type: string; requestId: string; target: string }[] = [];
    const child = {
      postMessage: (message: { type: string; requestId: string; target: string }, targetOrigin: string) => {
        expect(targetOrigin).toBe(PROCESSOR);
        sent.push(message);
      },
    } as unknown as Window;
    Object.defineProperty(frame, 'contentWindow', { value: child });
    const fromFrame = (data: object, origin = PROCESSOR) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: 'portal-hosted-fields', ...data },
          origin,
          source: child,
        }),
      );
    fromFrame({ type: 'ready' });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Street address/ }), {
      target: { value: '12 Harbor St' },
    });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /City/ }), {
      target: { value: 'Fall River' },
    });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /State/ }),
      'MA – Massachusetts',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    const request = sent[0]!;
    expect(request).toMatchObject({ target: 'portal-hosted-fields', type: 'tokenize' });
    // A message from any other origin is ignored.
    fromFrame(
      { type: 'tokenized', requestId: request.requestId, token: 'tok_forged', display: {} },
      'https://evil.example',
    );
    fromFrame({
      type: 'tokenized',
      requestId: request.requestId,
      token: 'tok_sbx_abc123',
      display: { kind: 'card', brand: 'Visa', last4: '4242', expirationMonth: 12, expirationYear: 2030 },
    });
    expect(await screen.findByText('Visa ending in 4242 was added to your wallet.')).toBeTruthy();
    const commands = commandsOf(calls);
    expect(commands.map((call) => call.url)).toEqual([
      expect.stringMatching(/^\/api\/v1\/Wallet\/household\//),
      `/api/v1/Wallet/add-credit-card/${id(1)}`,
    ]);
    expect(commands[1]?.body).toEqual({
      paymentToken: 'tok_sbx_abc123',
      isDefault: false,
      cardHolderName: 'María Santos',
      billingAddress: { street1: '12 Harbor St', street2: '', city: 'Fall River', state: 'MA' },
      nickname: '',
      email: '',
    });
  });

  it('loads the hosted fields anew, in a new session, when the frame says its session ran out (decision 039)', async () => {
    let sessions = 0;
    const { calls } = renderWallet({
      answer: (_method, path) => {
        if (path !== '/api/v1/processor/hosted-fields') return undefined;
        sessions += 1;
        const renewed = (url: string) => url.replace('session=tks_test', `session=tks_${String(sessions)}`);
        return json({
          ...hostedFields,
          card: renewed(hostedFields.card),
          bankAccount: renewed(hostedFields.bankAccount),
        });
      },
    });
    const add = await screen.findByRole('button', { name: 'Add a card' }, { timeout: 10_000 });
    await waitFor(() => {
      expect(add.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    const frame = within(dialog).getByTitle<HTMLIFrameElement>(
      'Card details: secure form of our payment processor',
    );
    expect(frame.getAttribute('src')).toContain('session=tks_1');
    const sent: { requestId: string }[] = [];
    const child = {
      postMessage: (message: { requestId: string }) => sent.push(message),
    } as unknown as Window;
    Object.defineProperty(frame, 'contentWindow', { value: child });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'portal-hosted-fields', type: 'ready' },
        origin: PROCESSOR,
        source: child,
      }),
    );
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Street address/ }), {
      target: { value: '12 Harbor St' },
    });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /City/ }), {
      target: { value: 'Fall River' },
    });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /State/ }),
      'MA – Massachusetts',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'portal-hosted-fields', type: 'expired', requestId: sent[0]?.requestId },
        origin: PROCESSOR,
        source: child,
      }),
    );
    expect(
      await within(dialog).findByText(
        'For your security, the secure form expired and was loaded again. Enter the details again.',
      ),
    ).toBeTruthy();
    await waitFor(() => {
      expect(
        within(dialog)
          .getByTitle<HTMLIFrameElement>('Card details: secure form of our payment processor')
          .getAttribute('src'),
      ).toContain('session=tks_2');
    });
    // Nothing was saved, and what was typed in the portal's own fields is still there.
    expect(commandsOf(calls)).toEqual([]);
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /City/ }).value).toBe('Fall River');
  });

  it('shows the wallet without changes for a role without manage-wallet', async () => {
    renderWallet({ actions: ['make-payment'] });
    expect(
      await screen.findByText('You can see these payment methods, but your role cannot change them.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a card' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
