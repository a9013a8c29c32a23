import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PcpOverview, Provider, ServiceRequest } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9100-${String(n).padStart(12, '0')}`;
const POLICY = id(1);
const ANA = id(2);
const LEO = id(3);

function provider(n: number, override: Partial<Provider> = {}): Provider {
  return {
    npi: `149092799${n}`,
    firstName: 'Nadège',
    lastName: `Alexis${n}`,
    credential: 'MD',
    gender: 'female',
    specialty: 'family-medicine',
    languages: ['en', 'ht', 'fr'],
    practiceName: 'Malden Community Health Center',
    address: {
      street1: '921 School St',
      street2: null,
      city: 'Malden',
      state: 'MA',
      zipCode: '02148',
      countyName: 'Middlesex',
    },
    phone: '(781) 555-0154',
    acceptingNewPatients: true,
    networks: ['harbor'],
    distanceMiles: 1.2,
    ...override,
  };
}

function overview(override: Partial<PcpOverview> = {}): PcpOverview {
  return {
    policyId: POLICY,
    policyNumber: 'LHP-1000001-01',
    planName: 'Lighthouse Harbor Silver 500 HMO',
    planType: 'HMO',
    offered: true,
    unavailableReason: null,
    network: { id: 'harbor', name: 'Harbor' },
    appliesAtOnce: true,
    members: [
      {
        memberId: ANA,
        firstName: 'Ana',
        lastName: 'Costa',
        relationship: 'self',
        age: 31,
        current: null,
        pending: null,
      },
      {
        memberId: LEO,
        firstName: 'Leo',
        lastName: 'Costa',
        relationship: 'child',
        age: 6,
        current: null,
        pending: null,
      },
    ],
    ...override,
  };
}

function completed(memberIds: string[]): ServiceRequest {
  return {
    id: id(50),
    referenceNumber: 'SR-PCP00001',
    type: 'pcp',
    status: 'Completed',
    policyId: POLICY,
    policyNumber: 'LHP-1000001-01',
    subject: null,
    details: {},
    memberIds,
    effectiveDate: null,
    resolution: null,
    requestedBy: 'member',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 2,
    canCancel: false,
    history: [],
    attachments: [],
  };
}

function renderPage(
  options: {
    overview?: PcpOverview;
    providers?: Provider[];
    choose?: (body: unknown) => Response;
    searchFails?: boolean;
  } = {},
) {
  const summary = policySummary({ id: POLICY });
  const detail = policyDetail(summary, {
    residentialAddress: {
      street1: '58 Waverley St',
      street2: null,
      city: 'Framingham',
      state: 'MA',
      zipCode: '01702',
      countyName: 'Middlesex',
      fipsCode: '25017',
    },
  });
  return renderPortal('/admin/pcp-select', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['select-pcp', 'create-service-request'] }),
      household: householdResponse([summary]),
      policies: { [POLICY]: detail },
      custom: (method, path, body) => {
        if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/pcp`)
          return json(options.overview ?? overview());
        if (method === 'GET' && path === '/api/v1/providers') {
          if (options.searchFails)
            return json({ type: 'urn:portal:problem:internal-error', title: 'Error', status: 503 }, 503);
          const items = options.providers ?? [
            provider(1),
            provider(2, {
              specialty: 'pediatrics',
              firstName: 'Paulo',
              gender: 'male',
              languages: ['en', 'pt'],
            }),
          ];
          return json({
            items,
            page: 1,
            pageSize: 10,
            total: items.length,
            origin: { zipCode: '01702', city: 'Framingham' },
          });
        }
        if (method === 'POST' && path === `/api/v1/Policy/${POLICY}/pcp`)
          return options.choose?.(body) ?? json(completed([ANA]), 201);
        if (method === 'GET' && path.endsWith('/service-requests')) return json({ items: [], openCount: 0 });
        return undefined;
      },
    },
  });
}

const searchCall = (calls: Call[]) => calls.filter((call) => call.url === '/api/v1/providers');

describe('primary care provider page (issue 12, SPEC §2 /admin/pcp-select)', { timeout: 30_000 }, () => {
  it('shows each member and searches the plan’s network from the home ZIP code; the header logo has no link here (SPEC §2)', async () => {
    const { calls } = renderPage();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Choose a primary care provider' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Ana Costa' })).toBeTruthy();
    expect(screen.getAllByText('No primary care provider chosen yet.')).toHaveLength(2);
    expect(
      screen.getByText('Showing providers in the Harbor network, the network of your plan.'),
    ).toBeTruthy();
    expect(
      await screen.findByText('2 providers match your search near Framingham (01702), nearest first.'),
    ).toBeTruthy();
    const card = screen.getByRole('listitem', { name: 'Dr. Nadège Alexis1, MD' });
    expect(within(card).getByText('Speaks English, Haitian Creole, and French')).toBeTruthy();
    expect(within(card).getByText(/1\.2 miles away/)).toBeTruthy();
    expect(within(card).getByText('Taking new patients')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Near ZIP code' }).value).toBe('01702');
    // SPEC §2: the logo is shown without a link on this page.
    expect(screen.queryByRole('link', { name: 'Lighthouse Health Plan home' })).toBeNull();
    await waitFor(() => {
      expect(searchCall(calls).length).toBeGreaterThan(0);
    });
  });

  it('searches by specialty and language, and chooses a provider for the members it fits after confirming', async () => {
    const { calls } = renderPage();
    const specialty = await screen.findByRole('combobox', { name: 'Specialty' }, { timeout: 10_000 });
    await userEvent.selectOptions(specialty, 'Family medicine');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Language spoken' }),
      'Haitian Creole',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(searchCall(calls).some((call) => call.method === 'GET')).toBe(true);
    });
    // The page sent the criteria (the fake API reads the path; the query is checked through fetch's URL).
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a provider for Leo' }));
    expect(await screen.findByRole('heading', { name: 'Find a provider for Leo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose this provider – Dr. Nadège Alexis1, MD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Dr. Nadège Alexis1, MD?' });
    expect(within(dialog).getByText(/The change takes effect as soon as you confirm it\./)).toBeTruthy();
    // Leo asked for: ticked; Ana may be added.
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Leo Costa' }).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ana Costa' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm my choice' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const sent = calls.find((call) => call.method === 'POST' && call.url === `/api/v1/Policy/${POLICY}/pcp`);
    expect(sent?.body).toEqual({
      choices: [
        { memberId: LEO, npi: '1490927991' },
        { memberId: ANA, npi: '1490927991' },
      ],
    });
    expect(await screen.findByText('Your primary care provider choice is saved for Ana.')).toBeTruthy();
  });

  it('says who a provider cannot be for, and a refusal in place', async () => {
    renderPage({
      providers: [provider(2, { specialty: 'pediatrics', firstName: 'Paulo', gender: 'male' })],
      choose: () =>
        json(
          {
            type: 'urn:portal:problem:unprocessable',
            title: 'Not possible',
            status: 422,
            errors: [{ field: 'body.choices.0.npi', code: 'provider-not-accepting', reason: 'full' }],
          },
          422,
        ),
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Choose this provider – Dr. Paulo Alexis2, MD' },
        { timeout: 10_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Ana Costa — this provider does not see patients of this age',
      }),
    ).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Leo Costa' }).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm my choice' }));
    expect(
      await within(dialog).findByText('This provider is not taking new patients. Choose another provider.'),
    ).toBeTruthy();
  });

  it('says plainly when the plan asks no PCP, and offers no search', async () => {
    renderPage({ overview: overview({ offered: false, unavailableReason: 'not-offered', planType: 'PPO' }) });
    expect(
      await screen.findByText(/do not choose a primary care provider here/, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Choose a provider for/ })).toBeNull();
  });

  it('says a failed search in place, in the member’s language, with a way to try again', async () => {
    await changeLanguage('es');
    renderPage({ searchFails: true });
    expect(
      await screen.findByText(
        'No podemos buscar en el directorio de proveedores en este momento. Inténtelo de nuevo.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
    await changeLanguage('en');
  });
});
