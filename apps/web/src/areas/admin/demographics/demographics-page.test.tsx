import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DemographicsMember, PolicyDemographics, ServiceRequest } from '@portal/contracts';
import { changeLanguage, i18next } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9300-${String(n).padStart(12, '0')}`;
const POLICY = id(1);

const person = (override: Partial<DemographicsMember> = {}): DemographicsMember => ({
  id: id(10),
  firstName: 'João',
  middleName: null,
  lastName: 'Silva',
  dob: '1979-08-02',
  gender: 'male',
  tobacco: false,
  relationship: 'self',
  version: 1,
  canChange: true,
  ...override,
});
const view = (override: Partial<PolicyDemographics> = {}): PolicyDemographics => ({
  policyId: POLICY,
  policyNumber: 'LHP-1000002-01',
  householdId: id(99),
  onExchange: false,
  members: [
    person(),
    person({ id: id(11), firstName: 'Lucas', dob: '2012-05-05', relationship: 'child', version: 2 }),
  ],
  language: { value: 'en', version: 4 },
  ...override,
});
const submitted: ServiceRequest = {
  id: id(50),
  referenceNumber: 'SR-DEMO2345',
  type: 'demographics',
  status: 'Submitted',
  policyId: POLICY,
  policyNumber: 'LHP-1000002-01',
  subject: null,
  details: {},
  memberIds: [id(10)],
  effectiveDate: null,
  resolution: null,
  requestedBy: 'member',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  version: 1,
  canCancel: true,
  history: [],
  attachments: [],
};

function renderPage(
  options: {
    data?: PolicyDemographics;
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
  } = {},
) {
  return renderPortal('/admin/demographics', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['update-demographics'] }),
      household: householdResponse([policySummary({ id: POLICY, offExchange: true })], {
        base: 'HouseholdAndPolicies',
        exchange: 'OffExchangePolicy',
        scenarios: ['HouseholdAndPolicies', 'OffExchangePolicy'],
      }),
      custom: (method, path, body) => {
        const custom = options.answer?.(method, path, body);
        if (custom) return custom;
        if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/demographics`)
          return json(options.data ?? view());
        if (path.includes('/service-requests')) return json({ items: [], openCount: 0 });
        return undefined;
      },
    },
  });
}
const commandsOf = (calls: Call[]) =>
  calls.filter(
    (call) => call.method === 'PUT' || (call.method === 'POST' && call.url.endsWith('/demographics')),
  );

describe('demographics page (issue 11)', { timeout: 30_000 }, () => {
  it('sends a member’s new details for review, field errors first with what was typed kept', async () => {
    const { calls } = renderPage({
      answer: (method, path) =>
        method === 'POST' && path.endsWith('/demographics') ? json(submitted, 201) : undefined,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Change details – João Silva' }, { timeout: 10_000 }),
    );
    const form = screen.getByRole('form', { name: 'Change details of João Silva' });
    const last = within(form).getByRole('textbox', { name: /Last name/ });
    fireEvent.input(last, { target: { value: 'S1lva' } });
    fireEvent.input(within(form).getByLabelText(/Date of birth/), { target: { value: '2999-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect(
      (
        await within(form).findAllByText(
          'Last name can have letters, spaces, hyphens, apostrophes and periods only.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(within(form).getAllByText('Date of birth cannot be in the future.').length).toBeGreaterThan(0);
    expect((last as HTMLInputElement).value).toBe('S1lva');
    expect(commandsOf(calls)).toEqual([]);
    fireEvent.input(last, { target: { value: 'Silva Reis' } });
    fireEvent.input(within(form).getByLabelText(/Date of birth/), { target: { value: '1979-08-02' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Uses tobacco/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/Your change was sent for review as request SR-DEMO2345/)).toBeTruthy();
    expect(commandsOf(calls)[0]).toMatchObject({
      method: 'POST',
      body: { memberId: id(10), lastName: 'Silva Reis', tobacco: true, version: 1 },
    });
  });

  it('says what changed elsewhere when the member was changed meanwhile', async () => {
    renderPage({
      answer: (method, path) =>
        method === 'POST' && path.endsWith('/demographics')
          ? json(
              {
                type: 'urn:portal:problem:conflict',
                title: 'Changed',
                status: 409,
                current: { member: person({ firstName: 'Joao', version: 2 }) },
              },
              409,
            )
          : undefined,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Change details – João Silva' }, { timeout: 10_000 }),
    );
    const form = screen.getByRole('form', { name: 'Change details of João Silva' });
    fireEvent.input(within(form).getByRole('textbox', { name: /Last name/ }), {
      target: { value: 'Silva Reis' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send for review' }));
    expect(await within(form).findByText(/Now on file: First name: Joao\./)).toBeTruthy();
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /Last name/ }).value).toBe(
      'Silva Reis',
    );
  });

  it('sends an on-exchange member to the exchange and offers no change form', async () => {
    renderPage({ data: view({ onExchange: true }) });
    const notice = await screen.findByRole(
      'region',
      { name: 'Report these changes to Massachusetts Health Connector' },
      { timeout: 10_000 },
    );
    expect(within(notice).getByText(/Call Massachusetts Health Connector at/)).toBeTruthy();
    // The number on one line, dialable.
    expect(within(notice).getByRole('link', { name: '1-877-623-6765' }).getAttribute('href')).toBe(
      'tel:18776236765',
    );
    expect(screen.queryByRole('button', { name: /Change details/ })).toBeNull();
  });

  it('saves the household’s language at once and switches the portal to it', async () => {
    const { calls } = renderPage({
      answer: (method, path) =>
        method === 'PUT' && path.endsWith('/language') ? json({ language: 'pt', version: 5 }) : undefined,
    });
    try {
      fireEvent.click(
        await screen.findByRole('radio', { name: 'Português (Portuguese)' }, { timeout: 10_000 }),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Save language' }));
      await waitFor(() => {
        expect(i18next.language).toBe('pt');
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Dados pessoais' })).toBeTruthy();
      expect(commandsOf(calls)[0]).toMatchObject({ method: 'PUT', body: { language: 'pt', version: 4 } });
    } finally {
      await changeLanguage('en', false);
      localStorage.removeItem('language');
    }
  });

  it('opens in the member’s preferred language after sign-in when the browser has none stored, and keeps a stored one (SPEC §4)', async () => {
    const household = householdResponse([policySummary({ id: POLICY })]);
    try {
      localStorage.removeItem('language');
      const first = renderPortal('/admin/demographics', {
        credential: memberCredential(),
        api: {
          session: sessionInfo({ preferredLanguage: 'es' }),
          household,
          custom: (_m, path) => (path.endsWith('/demographics') ? json(view()) : undefined),
        },
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Datos personales' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(localStorage.getItem('language')).toBe('es');
      first.unmount();
      await changeLanguage('pt');
      renderPortal('/admin/demographics', {
        credential: memberCredential(),
        api: {
          session: sessionInfo({ preferredLanguage: 'es' }),
          household,
          custom: (_m, path) => (path.endsWith('/demographics') ? json(view()) : undefined),
        },
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Dados pessoais' }, { timeout: 10_000 }),
      ).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(i18next.language).toBe('pt');
    } finally {
      await changeLanguage('en', false);
      localStorage.removeItem('language');
    }
  });
});
