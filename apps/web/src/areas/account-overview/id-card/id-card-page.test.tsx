import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { IdCards } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal } from '../../../test/render-portal';

const policy = policySummary();
const qr = {
  text: 'FK3M9QX2B7PZ4NC8VDW2',
  size: 21,
  rows: Array.from({ length: 21 }, (_, row) => (row % 2 ? '1' : '0').repeat(21)),
};
const cards: IdCards = {
  policyId: policy.id,
  policyNumber: 'LHP-1000001-01',
  groupOrPolicyNumber: 'LHP-1000001-01',
  employerName: null,
  subscriberId: 'LH91313757',
  exchangeSubscriberId: '0902026467',
  issuer: { name: 'Lighthouse Health Plan', hiosIssuerId: '77421', payerId: 'LHP77' },
  plan: {
    planId: '77421MA0012603-05',
    planName: 'Lighthouse Harbor Silver 500 HMO',
    lineOfCoverage: 'Medical',
    metalLevel: 'Silver',
    planType: 'HMO',
    network: 'Lighthouse Harbor Network',
  },
  rx: { bin: '999421', pcn: 'LHPRX', group: 'LHMA01' },
  deductible: { inNetwork: { kind: 'amount', cents: 50_000 }, outOfNetwork: { kind: 'notCovered' } },
  outOfPocketMax: { inNetwork: { kind: 'amount', cents: 320_000 }, outOfNetwork: { kind: 'notCovered' } },
  copays: [
    {
      key: 'benefit.primaryCareVisit',
      inNetwork: { kind: 'copay', cents: 3000, afterDeductible: false },
      outOfNetwork: { kind: 'notCovered' },
    },
    {
      key: 'benefit.emergencyRoom',
      inNetwork: { kind: 'copay', cents: 35_000, afterDeductible: true },
      outOfNetwork: { kind: 'copay', cents: 35_000, afterDeductible: true },
    },
  ],
  phones: {
    customerService: '1-800-555-0142',
    providers: '1-800-555-0143',
    pharmacy: '1-800-555-0144',
    nurseLine: '',
  },
  website: 'lighthouse-health.example',
  claimsAddress: 'PO Box 4480, Boston, MA 02101',
  cards: [
    {
      memberId: 'FK3M9QX2B7PZ4NC8VDW2',
      firstName: 'María',
      lastName: 'Santos',
      relationship: 'self',
      subscriber: true,
      coverageStart: '2026-01-01',
      upcoming: false,
      qr,
    },
    {
      memberId: 'FR8T2KQ9MX4BZ7PN3CV6',
      firstName: 'Lucas',
      lastName: 'Santos',
      relationship: 'child',
      subscriber: false,
      coverageStart: '2026-12-15',
      upcoming: true,
      qr: { ...qr, text: 'FR8T2KQ9MX4BZ7PN3CV6' },
    },
  ],
};
const CARDS = `/api/v1/Policy/${policy.id}/id-cards`;
const PDF = `${CARDS}.pdf`;

function renderCards(answer: () => Response) {
  return renderPortal('/account-overview/id-card', {
    credential: memberCredential(),
    api: {
      session: sessionInfo(),
      household: householdResponse([policy]),
      custom: (_method, path) => {
        if (path === CARDS) return answer();
        if (path === PDF)
          return new Response(new Blob(['%PDF-1.7 cards'], { type: 'application/pdf' }), { status: 200 });
        return undefined;
      },
    },
  });
}

const objectUrls = (['createObjectURL', 'revokeObjectURL'] as const).map(
  (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
);

describe('ID card page (issue 12)', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const [name, descriptor] of objectUrls) {
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    }
    await changeLanguage('en', false);
  });

  it('shows each covered member’s card, front and back, as text — the QR code an image named by its member id', async () => {
    renderCards(() => json(cards));
    const maria = await screen.findByRole(
      'region',
      { name: 'María Santos · Policyholder' },
      { timeout: 10_000 },
    );
    const front = within(maria).getByRole('article', { name: 'Front of the card' });
    expect(front.textContent).toContain('Member ID:FK3M9QX2B7PZ4NC8VDW2');
    expect(front.textContent).toContain('Policy number:LHP-1000001-01');
    // Issue 33 item 10: the Exchange Subscriber ID under the name the guest form and the overview use.
    expect(front.textContent).toContain('Exchange Subscriber ID:0902026467');
    expect(front.textContent).toContain('Rx BIN:999421');
    expect(front.textContent).toContain('Payer ID:LHP77');
    expect(front.textContent).toContain('Primary care visit:$30 copay');
    expect(
      within(front).getByRole('img', { name: 'QR code with the Member ID FK3M9QX2B7PZ4NC8VDW2' }),
    ).toBeTruthy();
    const back = within(maria).getByRole('article', { name: 'Back of the card' });
    const deductible = within(back).getByRole('row', { name: /Deductible/ });
    expect(
      within(deductible)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$500', 'Not covered']);
    expect(within(back).getByRole('link', { name: '1-800-555-0143' }).getAttribute('href')).toBe(
      'tel:18005550143',
    );
    // An empty number is left off the card.
    expect(back.textContent).not.toContain('Nurse line');
    const lucas = screen.getByRole('region', { name: 'Lucas Santos · Child' });
    expect(lucas.textContent).toContain('Coverage starts December 15, 2026');
  });

  it('downloads every card, or one member’s, as the server’s PDF in the reader’s language', async () => {
    await changeLanguage('pt', false);
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:cards';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderCards(() => json(cards));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Baixar todas as carteirinhas (PDF)' }, { timeout: 10_000 }),
    );
    await vi.waitFor(() => {
      expect(saved).toEqual(['id-cards-LHP-1000001-01.pdf']);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Baixar a carteirinha de Lucas (PDF)' }));
    await vi.waitFor(() => {
      expect(saved).toHaveLength(2);
    });
    const urls = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.some((url) => url.endsWith(`${PDF}?lang=pt`))).toBe(true);
    expect(urls.some((url) => url.endsWith(`${PDF}?lang=pt&memberId=FR8T2KQ9MX4BZ7PN3CV6`))).toBe(true);
    expect(screen.getByRole('button', { name: 'Imprimir as carteirinhas' })).toBeTruthy();
  });

  it('says when nobody is covered, and when the cards cannot be loaded', async () => {
    const first = renderCards(() => json({ ...cards, cards: [] }));
    expect(
      await screen.findByText(
        'Nobody on this policy is covered today or from a coming date, so there is no ID card to show.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    first.unmount();
    renderCards(() => json({ type: 'urn:portal:problem:internal', title: 'Internal', status: 500 }, 500));
    expect(await screen.findByText('We could not load your ID cards.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
