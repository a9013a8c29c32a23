import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PlanBenefits, PolicyBenefits } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal } from '../../../test/render-portal';

const policy = policySummary({
  planId: '77421MA0022602-01',
  planName: 'Lighthouse Coastal Silver 2000 PPO',
  planType: 'PPO',
});
const plan: PlanBenefits = {
  planId: '77421MA0022602-01',
  planName: 'Lighthouse Coastal Silver 2000 PPO',
  lineOfCoverage: 'Medical',
  metalLevel: 'Silver',
  planType: 'PPO',
  planYear: 2026,
  coverageStart: '2026-01-01',
  coverageEnd: null,
  when: 'current',
  network: 'Lighthouse Coastal PPO Network',
  summary: null,
  deductible: {
    inNetwork: { kind: 'amount', cents: 200_000 },
    outOfNetwork: { kind: 'amount', cents: 400_000 },
  },
  outOfPocketMax: {
    inNetwork: { kind: 'amount', cents: 795_000 },
    outOfNetwork: { kind: 'amount', cents: 1_590_000 },
  },
  drugsCovered: { kind: 'yesNo', value: true },
  sbc: { kind: 'generated' },
  lines: [
    {
      key: 'benefit.primaryCareVisit',
      inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
      outOfNetwork: { kind: 'coinsurance', percent: 40, afterDeductible: true },
    },
    {
      key: 'benefit.emergencyRoom',
      inNetwork: { kind: 'copay', cents: 35_000, afterDeductible: true },
      outOfNetwork: { kind: 'copay', cents: 35_000, afterDeductible: true },
    },
    {
      key: 'benefit.genericDrugs',
      inNetwork: { kind: 'copay', cents: 1000, afterDeductible: false },
      outOfNetwork: { kind: 'notCovered' },
    },
    { key: 'benefit.referralsRequired', inNetwork: { kind: 'yesNo', value: false }, outOfNetwork: null },
  ],
};
const benefits: PolicyBenefits = {
  policyId: policy.id,
  policyNumber: policy.policyNumber,
  plans: [plan],
  spending: null,
};
const BENEFITS = `/api/v1/Policy/${policy.id}/benefits`;
const SBC = `${BENEFITS}/${plan.planId}/sbc.pdf`;

function renderBenefits(answer: () => Response, sbc?: () => Response) {
  return renderPortal('/admin/policy-selection/view-benefits', {
    credential: memberCredential(),
    api: {
      session: sessionInfo(),
      household: householdResponse([policy]),
      custom: (_method, path) => {
        if (path === BENEFITS) return answer();
        if (path === SBC && sbc) return sbc();
        return undefined;
      },
    },
  });
}

const createObjectUrl = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');

describe('view-benefits page (issue 12)', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    if (createObjectUrl) Object.defineProperty(URL, 'createObjectURL', createObjectUrl);
    else Reflect.deleteProperty(URL, 'createObjectURL');
    await changeLanguage('en', false);
  });

  it('compares in network and out of network, every amount in the reader’s money format (Portuguese: US$ 30, not $30)', async () => {
    await changeLanguage('pt', false);
    renderBenefits(() => json(benefits));
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Lighthouse Coastal Silver 2000 PPO' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const glance = screen.getByRole('table', { name: 'O plano em resumo' });
    const deductible = within(glance).getByRole('row', { name: /Franquia/ });
    expect(
      within(deductible)
        .getAllByRole('cell')
        .map((cell) => cell.textContent.replace(/\s/g, ' ')),
    ).toEqual(['US$ 2.000', 'US$ 4.000']);
    const pay = screen.getByRole('table', { name: 'O que você paga' });
    const visit = within(pay).getByRole('row', { name: /Consulta de atenção primária/ });
    expect(
      within(visit)
        .getAllByRole('cell')
        .map((cell) => cell.textContent.replace(/\s/g, ' ')),
    ).toEqual(['Coparticipação de US$ 30', 'Cosseguro de 40% após a franquia']);
    expect(within(pay).getByRole('row', { name: /Medicamentos genéricos/ }).textContent).toContain(
      'Não coberto',
    );
    expect(document.body.textContent).not.toMatch(/(^|[^S])\$\d/);
    // No claims in the portal: it says where to find what was used, rather than a number.
    expect(screen.getByText(/O portal não recebe as suas contas médicas/)).toBeTruthy();
    expect(screen.getByText('Você pode consultar um especialista sem encaminhamento.')).toBeTruthy();
  });

  it('opens the Summary of Benefits and Coverage the server generates, in the reader’s language, in a new tab', async () => {
    await changeLanguage('es', false);
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = () => 'blob:sbc';
    const { calls } = renderBenefits(
      () => json(benefits),
      () => new Response(new Blob(['%PDF-1.7 sbc'], { type: 'application/pdf' }), { status: 200 }),
    );
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: /Resumen de Beneficios y Cobertura \(PDF\)/ },
        { timeout: 10_000 },
      ),
    );
    await vi.waitFor(() => {
      expect(tab.location.href).toBe('blob:sbc');
    });
    expect(tab.opener).toBeNull();
    expect(calls.find((call) => call.url === SBC)).toMatchObject({ authorization: null, csrf: '1' });
    const urls = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.some((url) => url.endsWith(`${SBC}?lang=es`))).toBe(true);
  });

  it('links a plan’s own published SBC instead, opening in a new tab', async () => {
    renderBenefits(() =>
      json({
        ...benefits,
        plans: [{ ...plan, sbc: { kind: 'external', url: 'https://lighthouse-health.example/sbc.pdf' } }],
      }),
    );
    const link = await screen.findByRole(
      'link',
      { name: /Summary of Benefits and Coverage \(PDF\)/ },
      { timeout: 10_000 },
    );
    expect(link.getAttribute('href')).toBe('https://lighthouse-health.example/sbc.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('says a failure in place and tries again', async () => {
    let fail = true;
    renderBenefits(() =>
      fail
        ? json({ type: 'urn:portal:problem:internal', title: 'Internal', status: 500 }, 500)
        : json(benefits),
    );
    expect(await screen.findByText('We could not load your benefits.', {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Lighthouse Coastal Silver 2000 PPO' }),
    ).toBeTruthy();
  });
});
