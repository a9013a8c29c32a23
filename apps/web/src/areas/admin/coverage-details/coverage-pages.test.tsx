import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CoverageDateOptions,
  CoverageDetails,
  EndCoverageOptions,
  ServiceRequest,
} from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const POLICY = id(40);
const ACTIONS = ['end-coverage', 'change-coverage-dates', 'change-plan', 'create-service-request'];

const members = [
  { id: id(1), firstName: 'João', lastName: 'Silva', relationship: 'self' },
  { id: id(2), firstName: 'Ana', lastName: 'Silva', relationship: 'child' },
];

function details(override: Partial<CoverageDetails> = {}): CoverageDetails {
  return {
    policyId: POLICY,
    policyNumber: 'LHP-2000001-01',
    lineOfCoverage: 'Medical',
    marketCoverage: 'Individual',
    offExchange: true,
    visibleAmounts: { premium: true, subsidies: true },
    spans: [
      {
        id: id(11),
        startDate: '2026-07-01',
        endDate: null,
        cancelled: false,
        status: 'Not Effectuated',
        current: true,
        planId: '77421MA0012603-00',
        planName: 'Lighthouse Harbor Silver 2000 HMO',
        metalLevel: 'Silver',
        planType: 'HMO',
        groupOrPolicyNumber: 'LHP-2000001-01',
        premium: { premiumCents: 60_000, policyRateCents: 60_000 },
        subsidies: {
          taxCreditCents: 45_000,
          costSharingReductionCents: 8_000,
          otherSubsidyCents: 0,
          employerContributionCents: 0,
          hraCents: 0,
          memberShareCents: 15_000,
        },
        members: [
          {
            memberId: id(1),
            firstName: 'João',
            lastName: 'Silva',
            relationship: 'self',
            startDate: '2026-07-01',
            endDate: null,
            cancelled: false,
          },
        ],
      },
      {
        id: id(12),
        startDate: '2026-06-01',
        endDate: '2026-06-30',
        cancelled: true,
        status: 'Not Effectuated',
        current: false,
        planId: '77421MA0012604-00',
        planName: 'Lighthouse Harbor Gold 500 HMO',
        metalLevel: 'Gold',
        planType: 'HMO',
        groupOrPolicyNumber: 'LHP-2000001-01',
        premium: { premiumCents: 70_000, policyRateCents: 70_000 },
        subsidies: {
          taxCreditCents: 0,
          costSharingReductionCents: 0,
          otherSubsidyCents: 0,
          employerContributionCents: 0,
          hraCents: 0,
          memberShareCents: 70_000,
        },
        members: [],
      },
    ],
    ...override,
  };
}

function endOptions(override: Partial<EndCoverageOptions> = {}): EndCoverageOptions {
  return {
    policyId: POLICY,
    policyNumber: 'LHP-2000001-01',
    lineOfCoverage: 'Medical',
    marketCoverage: 'Individual',
    planName: 'Lighthouse Harbor Silver 2000 HMO',
    route: 'issuer',
    coverage: { startDate: '2026-01-01', endDate: null },
    members,
    today: '2026-11-23',
    paidThroughDate: '2026-12-31',
    reasons: [
      {
        reason: 'other-coverage',
        unavailable: null,
        dateRule: 'end-of-month',
        window: { earliest: '2026-11-30', latest: '2027-01-31' },
        noteRequired: false,
      },
      {
        reason: 'cost',
        unavailable: null,
        dateRule: 'end-of-month',
        window: { earliest: '2026-12-31', latest: '2027-01-31' },
        noteRequired: false,
      },
      {
        reason: 'no-reason',
        unavailable: 'group-election',
        dateRule: 'end-of-month',
        window: null,
        noteRequired: false,
      },
    ],
    autopay: { active: true, runDay: 5 },
    scheduledPayments: [
      { id: id(30), paymentDate: '2026-12-15', paymentAmountCents: 15_000 },
      { id: id(31), paymentDate: '2027-01-20', paymentAmountCents: 15_000 },
    ],
    ...override,
  };
}

function dateOptions(override: Partial<CoverageDateOptions> = {}): CoverageDateOptions {
  return {
    policyId: POLICY,
    policyNumber: 'LHP-2000001-01',
    lineOfCoverage: 'Medical',
    marketCoverage: 'Individual',
    planName: 'Lighthouse Harbor Silver 2000 HMO',
    route: 'issuer',
    coverage: { startDate: '2026-11-01', endDate: '2026-12-31' },
    members,
    today: '2026-11-23',
    reasons: [
      {
        reason: 'start-later',
        unavailable: null,
        dateRule: 'first-of-month',
        window: { earliest: '2026-12-01', latest: '2026-12-01' },
        noteRequired: false,
      },
      {
        reason: 'correction',
        unavailable: null,
        dateRule: 'any-day',
        window: { earliest: '2026-01-01', latest: '2026-12-31' },
        noteRequired: true,
      },
    ],
    ...override,
  };
}

const request = (override: Partial<ServiceRequest> = {}): ServiceRequest => ({
  id: id(90),
  referenceNumber: 'SR-ABCD2345',
  type: 'end-coverage',
  status: 'Submitted',
  policyId: POLICY,
  policyNumber: 'LHP-2000001-01',
  subject: null,
  details: { endReason: 'cost', endDate: '2026-12-31' },
  memberIds: [id(1), id(2)],
  effectiveDate: '2026-12-31',
  resolution: null,
  requestedBy: 'member',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  version: 1,
  canCancel: true,
  history: [{ status: 'Submitted', at: '2026-11-23T10:00:00.000Z', by: 'member', note: null }],
  attachments: [],
  ...override,
});

const problem = (errors: { field: string; code: string; params?: Record<string, string | number> }[]) =>
  json(
    {
      type: 'urn:portal:problem:unprocessable',
      title: 'Not possible',
      status: 422,
      detail: 'Not possible',
      errors: errors.map((error) => ({ reason: error.code, ...error })),
    },
    422,
  );

function renderPage(
  path: string,
  answer: (method: string, path: string, body: unknown) => Response | undefined,
  session = sessionInfo({ actions: ACTIONS }),
) {
  const summary = policySummary({ id: POLICY, offExchange: true, active: true });
  return renderPortal(path, {
    credential: memberCredential(),
    api: {
      session,
      household: householdResponse([summary]),
      custom: (method, url, body) => {
        const given = answer(method, url, body);
        if (given) return given;
        if (url.endsWith('/service-requests')) return json({ items: [], openCount: 0 });
        return undefined;
      },
    },
  });
}

const commands = (calls: Call[]) =>
  calls.filter((call) => call.method !== 'GET' && call.url.startsWith(`/api/v1/Policy/${POLICY}`));

describe('coverage details (SPEC §3 CoverageDetail, §6)', { timeout: 30_000 }, () => {
  it('shows each span with its plan, status, members and amounts, the cancelled one marked', async () => {
    renderPage('/admin/policy-selection/coverage-details', (_method, path) =>
      path === `/api/v1/Policy/${POLICY}/coverage-details` ? json(details()) : undefined,
    );
    const current = (
      await screen.findByRole(
        'heading',
        { level: 2, name: 'July 1, 2026 to no end date' },
        { timeout: 10_000 },
      )
    ).closest('li')!;
    expect(within(current).getByText('Shown today')).toBeTruthy();
    expect(within(current).getByText('Not effectuated')).toBeTruthy();
    expect(within(current).getByText('Premium tax credit (APTC)')).toBeTruthy();
    expect(within(current).getByText('$450.00')).toBeTruthy();
    expect(within(current).getByText('Cost-sharing reduction')).toBeTruthy();
    expect(within(current).getByText('Member’s share')).toBeTruthy();
    expect(within(current).getByText(/Policyholder, July 1, 2026 to no end date/)).toBeTruthy();
    const cancelled = screen
      .getByRole('heading', { level: 2, name: 'June 1, 2026 to June 30, 2026' })
      .closest('li')!;
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled).getByText('This period was cancelled: it never took effect.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'End coverage' }).getAttribute('href')).toBe(
      '/admin/policy-selection/coverage-details/end-coverage',
    );
  });

  it('says which amounts the viewer’s role does not see, and names an employer’s contribution', async () => {
    const group = details({
      marketCoverage: 'Group',
      visibleAmounts: { premium: true, subsidies: false },
      spans: details().spans.map((span) => ({ ...span, subsidies: null })),
    });
    renderPage(
      '/admin/policy-selection/coverage-details',
      (_method, path) => (path === `/api/v1/Policy/${POLICY}/coverage-details` ? json(group) : undefined),
      sessionInfo({ kind: 'broker', roles: ['broker'], actions: ['change-plan'] }),
    );
    expect(
      await screen.findByText(
        /Tax credits, cost-sharing reductions, other help with the premium and the member’s share are not shown to your role/,
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Premium tax credit (APTC)')).toBeNull();
    expect(screen.getAllByText('Premium').length).toBeGreaterThan(0);
    // A broker may change plan but not end coverage (role actions).
    expect(screen.getByRole('link', { name: 'Change plan' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'End coverage' })).toBeNull();
  });

  it('offers to try again when the details cannot load', async () => {
    renderPage('/admin/policy-selection/coverage-details', (_method, path) =>
      path === `/api/v1/Policy/${POLICY}/coverage-details`
        ? json({ type: 'about:blank', title: 'Unavailable', status: 503 }, 503)
        : undefined,
    );
    expect(
      await screen.findByText('We could not load the coverage details.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe(
  'end coverage (SPEC §5 reasons per role, their dates, a statement and a confirmation)',
  { timeout: 30_000 },
  () => {
    const endPath = '/admin/policy-selection/coverage-details/end-coverage';

    it('keeps what was typed through field errors, states what ends and when, and sends only after confirming', async () => {
      const { calls } = renderPage(endPath, (method, path) => {
        if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/end-coverage`) return json(endOptions());
        if (method === 'POST' && path === `/api/v1/Policy/${POLICY}/end-coverage`)
          return json(request(), 201);
        return undefined;
      });
      const form = await screen.findByRole('form', { name: 'Why and when' }, { timeout: 10_000 });
      expect(within(form).getByRole('radio', { name: /No reason given/ })).toHaveProperty('disabled', true);
      const note = within(form).getByRole('textbox', { name: /Note/ });
      fireEvent.input(note, { target: { value: 'Starting a job with benefits.' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Review and end coverage' }));
      expect(await within(form).findByText('Reason is required.')).toBeTruthy();
      expect(within(form).getByText('Last day of coverage is required.')).toBeTruthy();

      fireEvent.click(within(form).getByRole('radio', { name: /Cost/ }));
      const date = within(form).getByLabelText(/Last day of coverage/);
      fireEvent.input(date, { target: { value: '2026-12-15' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Review and end coverage' }));
      expect(
        await within(form).findByText('Last day of coverage must be the last day of a month.'),
      ).toBeTruthy();
      fireEvent.input(date, { target: { value: '2026-11-30' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Review and end coverage' }));
      expect(
        await within(form).findByText('Last day of coverage can be December 31, 2026 at the earliest.'),
      ).toBeTruthy();
      expect((note as HTMLTextAreaElement).value).toBe('Starting a job with benefits.');
      expect(commands(calls)).toEqual([]);

      fireEvent.input(date, { target: { value: '2026-12-31' } });
      expect(
        within(form).getByText(
          'Coverage ends at the end of the day on December 31, 2026 for João Silva (Policyholder) and Ana Silva (Child).',
        ),
      ).toBeTruthy();
      expect(within(form).getByText(/Autopay \(day 5 of each month\) is turned off/)).toBeTruthy();
      expect(
        within(form).getByText(
          'Scheduled payments that still go ahead: $150.00 on December 15, 2026. Scheduled payments that are cancelled: $150.00 on January 20, 2027.',
        ),
      ).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'Review and end coverage' }));
      const confirm = await screen.findByRole('dialog', { name: 'End coverage on December 31, 2026?' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'No, keep my coverage' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).toBeNull();
      });
      expect(commands(calls)).toEqual([]);
      fireEvent.click(within(form).getByRole('button', { name: 'Review and end coverage' }));
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, ask to end it' }),
      );
      expect(await screen.findByText('We received your request SR-ABCD2345.')).toBeTruthy();
      expect(commands(calls)).toEqual([
        expect.objectContaining({
          method: 'POST',
          body: { reason: 'cost', endDate: '2026-12-31', note: 'Starting a job with benefits.' },
        }),
      ]);
    });

    it('puts the server’s refusal on its field in Portuguese, keeping what was typed', async () => {
      await changeLanguage('pt', false);
      try {
        renderPage(endPath, (method, path) => {
          if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/end-coverage`) return json(endOptions());
          if (method === 'POST' && path === `/api/v1/Policy/${POLICY}/end-coverage`)
            return problem([
              {
                field: 'body.endDate',
                code: 'date-after-latest',
                params: { earliest: '2026-11-30', latest: '2026-12-31' },
              },
            ]);
          return undefined;
        });
        const form = await screen.findByRole('form', { name: 'Por que e quando' }, { timeout: 10_000 });
        fireEvent.click(within(form).getByRole('radio', { name: /Outra cobertura/ }));
        expect(
          within(form).getByText(
            'O último dia de um mês, de 30 de novembro de 2026 a 31 de janeiro de 2027.',
          ),
        ).toBeTruthy();
        fireEvent.input(within(form).getByLabelText(/Último dia de cobertura/), {
          target: { value: '2027-01-31' },
        });
        fireEvent.click(within(form).getByRole('button', { name: 'Revisar e encerrar a cobertura' }));
        fireEvent.click(
          within(await screen.findByRole('dialog')).getByRole('button', {
            name: 'Sim, pedir o encerramento',
          }),
        );
        // On the field (and in the SPEC §5 form-invalid alert that points to it).
        expect(
          (
            await within(form).findAllByText(
              'Último dia de cobertura pode ser, no máximo, 31 de dezembro de 2026.',
            )
          ).length,
        ).toBeGreaterThan(0);
        expect(within(form).getByLabelText<HTMLInputElement>(/Último dia de cobertura/).value).toBe(
          '2027-01-31',
        );
      } finally {
        await changeLanguage('en', false);
      }
    });

    it('sends an on-exchange policy to the exchange instead of taking a request', async () => {
      renderPage(endPath, (_method, path) =>
        path === `/api/v1/Policy/${POLICY}/end-coverage`
          ? json(endOptions({ route: 'exchange' }))
          : undefined,
      );
      expect(
        await screen.findByRole(
          'heading',
          { name: 'End this coverage at Massachusetts Health Connector' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      const link = screen.getByRole('link', { name: /Go to Massachusetts Health Connector/ });
      expect(link.getAttribute('href')).toBe('https://www.mahealthconnector.org/');
      expect(screen.queryByRole('form')).toBeNull();
    });

    it('shows the open request with a cancel button instead of a second form', async () => {
      const open = request();
      const { calls } = renderPage(endPath, (method, path) => {
        if (path === `/api/v1/Policy/${POLICY}/end-coverage`) return json(endOptions());
        if (path.endsWith('/service-requests')) return json({ items: [open], openCount: 1 });
        if (method === 'PUT' && path === `/api/v1/ServiceRequest/${open.id}/cancel`)
          return json({ ...open, status: 'Cancelled', canCancel: false, version: 2 });
        return undefined;
      });
      expect(
        await screen.findByRole('heading', { name: 'Request SR-ABCD2345 is open' }, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByText('You asked to end this coverage on December 31, 2026 (Cost).')).toBeTruthy();
      expect(screen.queryByRole('form')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel this request' }));
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel the request' }),
      );
      await waitFor(() => {
        expect(
          calls.some(
            (call) => call.method === 'PUT' && call.url === `/api/v1/ServiceRequest/${open.id}/cancel`,
          ),
        ).toBe(true);
      });
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ version: 1 });
    });
  },
);

describe('change coverage dates', { timeout: 30_000 }, () => {
  it('asks which date a correction changes and what it rests on, keeping what was typed', async () => {
    const { calls } = renderPage('/admin/policy-selection/coverage-details/change-dates', (method, path) => {
      if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/coverage-dates`) return json(dateOptions());
      if (method === 'POST' && path === `/api/v1/Policy/${POLICY}/coverage-dates`)
        return json(
          request({
            type: 'change-coverage-dates',
            effectiveDate: '2026-10-15',
            details: { dateReason: 'correction' },
          }),
          201,
        );
      return undefined;
    });
    const form = await screen.findByRole('form', { name: 'Which date, and why' }, { timeout: 10_000 });
    fireEvent.click(within(form).getByRole('radio', { name: /Correction/ }));
    const date = within(form).getByLabelText(/New date/);
    fireEvent.input(date, { target: { value: '2026-10-15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review the change' }));
    expect((await within(form).findAllByText('Date to change is required.')).length).toBeGreaterThan(0);
    expect(within(form).getByText('Note is required.')).toBeTruthy();
    expect((date as HTMLInputElement).value).toBe('2026-10-15');
    fireEvent.click(within(form).getByRole('radio', { name: 'Start date' }));
    fireEvent.input(within(form).getByRole('textbox', { name: /Note/ }), {
      target: { value: 'The Health Connector record says October 15.' },
    });
    expect(
      within(form).getByText('The coverage would start on October 15, 2026 instead of November 1, 2026.'),
    ).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Review the change' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Ask for October 15, 2026?' })).getByRole('button', {
        name: 'Yes, send the request',
      }),
    );
    expect(await screen.findByText('We received your request SR-ABCD2345.')).toBeTruthy();
    expect(commands(calls)[0]?.body).toEqual({
      reason: 'correction',
      which: 'start',
      date: '2026-10-15',
      note: 'The Health Connector record says October 15.',
    });
  });

  it('explains, reason by reason, why nothing applies now', async () => {
    renderPage('/admin/policy-selection/coverage-details/change-dates', (_method, path) =>
      path === `/api/v1/Policy/${POLICY}/coverage-dates`
        ? json(
            dateOptions({
              reasons: [
                {
                  reason: 'start-later',
                  unavailable: 'already-started',
                  dateRule: 'first-of-month',
                  window: null,
                  noteRequired: false,
                },
              ],
            }),
          )
        : undefined,
    );
    expect(
      await screen.findByText(
        'None of the date changes you can ask for applies to this coverage now:',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/Not possible now: this coverage has started and its first premium is paid/),
    ).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
