import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlanChoices, PlanOption, ServiceRequest } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const POLICY = id(40);

const plan = (planId: string, planName: string, override: Partial<PlanOption> = {}): PlanOption => ({
  planId,
  planName,
  lineOfCoverage: 'Medical',
  metalLevel: 'Silver',
  planType: 'HMO',
  planYear: 2026,
  deductibleCents: 200_000,
  outOfPocketMaxCents: 795_000,
  drugsCovered: 'Yes',
  sbcUrl: null,
  premiumCents: 60_000,
  premiumAfterTaxCreditCents: 15_000,
  renewsCurrent: false,
  ...override,
});

function choices(override: Partial<PlanChoices> = {}): PlanChoices {
  return {
    policyId: POLICY,
    policyNumber: 'LHP-2000001-01',
    lineOfCoverage: 'Medical',
    marketCoverage: 'Individual',
    route: 'issuer',
    visibleAmounts: { premium: true, subsidies: true },
    taxCreditCents: 45_000,
    current: plan('77421MA0012603-00', 'Lighthouse Harbor Silver 2000 HMO'),
    eligible: {
      effectiveDate: '2026-12-01',
      plans: [
        plan('77421MA0012604-00', 'Lighthouse Harbor Gold 500 HMO', {
          metalLevel: 'Gold',
          deductibleCents: 50_000,
          premiumCents: 78_000,
          premiumAfterTaxCreditCents: 33_000,
          sbcUrl: 'https://plans.example.org/sbc/gold.pdf',
        }),
      ],
    },
    renewal: {
      effectiveDate: '2027-01-01',
      plans: [
        plan('77421MA0012703-00', 'Lighthouse Harbor Silver 2000 HMO', {
          planYear: 2027,
          renewsCurrent: true,
          premiumCents: 64_000,
          premiumAfterTaxCreditCents: 19_000,
        }),
        plan('77421MA0012704-00', 'Lighthouse Harbor Gold 500 HMO 2027', {
          planYear: 2027,
          metalLevel: 'Gold',
          premiumCents: 83_000,
          premiumAfterTaxCreditCents: 38_000,
        }),
      ],
    },
    qualifyingEventNeeded: true,
    today: '2026-11-23',
    ...override,
  };
}

const request = (override: Partial<ServiceRequest> = {}): ServiceRequest => ({
  id: id(90),
  referenceNumber: 'SR-PLAN2345',
  type: 'change-plan',
  status: 'Submitted',
  policyId: POLICY,
  policyNumber: 'LHP-2000001-01',
  subject: null,
  details: { newPlanName: 'Lighthouse Harbor Gold 500 HMO', newPlanId: '77421MA0012604-00', renewal: false },
  memberIds: [],
  effectiveDate: '2026-12-01',
  resolution: null,
  requestedBy: 'member',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  version: 1,
  canCancel: true,
  history: [],
  attachments: [],
  ...override,
});

function renderPage(
  options: {
    choices?: PlanChoices;
    open?: ServiceRequest[];
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
    actions?: string[];
  } = {},
) {
  const summary = policySummary({ id: POLICY, offExchange: true, active: true });
  return renderPortal('/admin/policy-selection/change-plan', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: options.actions ?? ['change-plan', 'create-service-request'] }),
      household: householdResponse([summary]),
      custom: (method, path, body) => {
        const given = options.answer?.(method, path, body);
        if (given) return given;
        if (path === `/api/v1/Policy/${POLICY}/plan-choices`) return json(options.choices ?? choices());
        if (path.endsWith('/service-requests'))
          return json({ items: options.open ?? [], openCount: options.open?.length ?? 0 });
        return undefined;
      },
    },
  });
}

const planCommands = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === `/api/v1/Policy/${POLICY}/change-plan`);

describe('change plan (SPEC §3 eligiblePlans, eligibleRenewalPlans)', { timeout: 30_000 }, () => {
  it('shows the current plan beside this year’s and next year’s plans, with what each would cost', async () => {
    renderPage();
    // The current plan first (its next year's version has the same name).
    const current = (
      await screen.findAllByRole(
        'heading',
        { level: 3, name: 'Lighthouse Harbor Silver 2000 HMO' },
        { timeout: 10_000 },
      )
    )[0]!.closest('li')!;
    expect(within(current).getByText('Your plan')).toBeTruthy();
    expect(within(current).getByText('$150.00 a month')).toBeTruthy();
    const gold = screen
      .getByRole('heading', { level: 3, name: 'Lighthouse Harbor Gold 500 HMO' })
      .closest('li')!;
    expect(within(gold).getByText('$330.00 a month')).toBeTruthy();
    expect(within(gold).getByText('$180.00 more than now')).toBeTruthy();
    expect(within(gold).getByText('$1,500.00 less than now')).toBeTruthy();
    expect(
      within(gold)
        .getByRole('link', { name: /Summary of Benefits and Coverage/ })
        .getAttribute('href'),
    ).toBe('https://plans.example.org/sbc/gold.pdf');
    // Next year's version of the current plan renews by itself: nothing to choose.
    const renews = screen.getByText('Your plan next year').closest('li')!;
    expect(within(renews).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Plans for 2027' })).toBeTruthy();
    expect(
      screen.getByText('Amounts after the tax credit use the $450.00 a month you get now.'),
    ).toBeTruthy();
  });

  it('asks for the life event of a change this year, keeping what was typed through field errors (es)', async () => {
    await changeLanguage('es', false);
    try {
      const { calls } = renderPage({
        answer: (method, path) =>
          method === 'POST' && path === `/api/v1/Policy/${POLICY}/change-plan`
            ? json(request(), 201)
            : undefined,
      });
      const gold = (
        await screen.findByRole(
          'heading',
          { level: 3, name: 'Lighthouse Harbor Gold 500 HMO' },
          { timeout: 10_000 },
        )
      ).closest('li')!;
      fireEvent.click(within(gold).getByRole('button', { name: /Elegir este plan/ }));
      const dialog = await screen.findByRole('dialog', {
        name: '¿Cambiarse a Lighthouse Harbor Gold 500 HMO?',
      });
      expect(
        within(dialog).getByText(
          'Su plan cambiaría de Lighthouse Harbor Silver 2000 HMO a Lighthouse Harbor Gold 500 HMO el 1 de diciembre de 2026.',
        ),
      ).toBeTruthy();
      const date = within(dialog).getByLabelText(/Fecha del evento/);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, pedir este plan' }));
      expect((await within(dialog).findAllByText('Evento de vida es obligatorio.')).length).toBeGreaterThan(
        0,
      );
      expect(within(dialog).getByText('Fecha del evento es obligatoria.')).toBeTruthy();

      await userEvent.selectOptions(
        within(dialog).getByRole('combobox', { name: /Evento de vida/ }),
        'Una mudanza',
      );
      fireEvent.input(date, { target: { value: '2026-08-01' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, pedir este plan' }));
      expect(
        (
          await within(dialog).findAllByText(
            'Fecha del evento puede ser, como muy pronto, el 24 de septiembre de 2026.',
          )
        ).length,
      ).toBeGreaterThan(0);
      expect((date as HTMLInputElement).value).toBe('2026-08-01');
      expect(planCommands(calls)).toEqual([]);

      fireEvent.input(date, { target: { value: '2026-11-02' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, pedir este plan' }));
      expect(await screen.findByText('Recibimos su solicitud SR-PLAN2345.')).toBeTruthy();
      expect(planCommands(calls)[0]?.body).toEqual({
        planId: '77421MA0012604-00',
        renewal: false,
        qualifyingEvent: 'moved',
        eventDate: '2026-11-02',
      });
    } finally {
      await changeLanguage('en', false);
    }
  });

  it('asks for next year’s plan with only a confirmation', async () => {
    const { calls } = renderPage({
      answer: (method, path) =>
        method === 'POST' && path === `/api/v1/Policy/${POLICY}/change-plan`
          ? json(request({ effectiveDate: '2027-01-01' }), 201)
          : undefined,
    });
    const next = (
      await screen.findByRole(
        'heading',
        { level: 3, name: 'Lighthouse Harbor Gold 500 HMO 2027' },
        { timeout: 10_000 },
      )
    ).closest('li')!;
    fireEvent.click(within(next).getByRole('button', { name: /Choose this plan/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Change to Lighthouse Harbor Gold 500 HMO 2027?',
    });
    expect(within(dialog).queryByLabelText(/Date of the event/)).toBeNull();
    expect(
      within(dialog).getByText('You would pay about $380.00 a month after your tax credit.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, ask for this plan' }));
    expect(await screen.findByText(/if it is approved, it takes effect on January 1, 2027/)).toBeTruthy();
    expect(planCommands(calls)[0]?.body).toEqual({ planId: '77421MA0012704-00', renewal: true });
  });

  it('shows a pending plan change with a cancel button, and no other choice until it is settled', async () => {
    const open = request();
    const { calls } = renderPage({
      open: [open],
      answer: (method, path) =>
        method === 'PUT' && path === `/api/v1/ServiceRequest/${open.id}/cancel`
          ? json({ ...open, status: 'Cancelled', canCancel: false, version: 2 })
          : undefined,
    });
    expect(
      await screen.findByText(
        'You asked to change to Lighthouse Harbor Gold 500 HMO from December 1, 2026.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Choose this plan/ })).toBeNull();
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
    expect(await screen.findByText('Request SR-PLAN2345 was cancelled.')).toBeTruthy();
  });

  it('lets an on-exchange member compare, and sends the change to the exchange', async () => {
    renderPage({ choices: choices({ route: 'exchange' }) });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Change plans at Massachusetts Health Connector' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Lighthouse Harbor Gold 500 HMO' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Choose this plan/ })).toBeNull();
  });
});
