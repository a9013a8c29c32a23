import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PolicyAddress, PolicyAddresses, ServiceRequest } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9200-${String(n).padStart(12, '0')}`;
const POLICY = id(1);

const home = (override: Partial<PolicyAddress> = {}): PolicyAddress => ({
  addressId: id(10),
  street1: '12 Harbor St',
  street2: null,
  city: 'Lawrence',
  state: 'MA',
  zipCode: '01841',
  countyName: 'Essex',
  fipsCode: '25009',
  ratingArea: 4,
  version: 2,
  sharedWith: [{ policyId: id(2), policyNumber: 'LHP-1000001-02', lineOfCoverage: 'Dental' }],
  ...override,
});
const addresses = (override: Partial<PolicyAddresses> = {}): PolicyAddresses => ({
  policyId: POLICY,
  policyNumber: 'LHP-1000001-01',
  onExchange: true,
  residential: home(),
  mailing: null,
  ...override,
});
const ZIPS: Record<string, object> = {
  '02139': {
    zipCode: '02139',
    city: 'Cambridge',
    state: 'MA',
    countyName: 'Middlesex',
    fipsCode: '25017',
    ratingArea: 5,
  },
  '01843': {
    zipCode: '01843',
    city: 'Lawrence',
    state: 'MA',
    countyName: 'Essex',
    fipsCode: '25009',
    ratingArea: 4,
  },
};
const request = (type: ServiceRequest['type']): ServiceRequest => ({
  id: id(50),
  referenceNumber: 'SR-MAIL2345',
  type,
  status: type === 'mailing-address' ? 'Completed' : 'Submitted',
  policyId: POLICY,
  policyNumber: 'LHP-1000001-01',
  subject: null,
  details: {},
  memberIds: [],
  effectiveDate: null,
  resolution: null,
  requestedBy: 'member',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  version: 2,
  canCancel: false,
  history: [],
  attachments: [],
});

function renderPage(
  options: {
    view?: PolicyAddresses;
    answer?: (method: string, path: string, body: unknown) => Response | undefined;
  } = {},
) {
  return renderPortal('/admin/policy-selection/manage-address', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['manage-address'] }),
      household: householdResponse([policySummary({ id: POLICY })]),
      custom: (method, path, body) => {
        const custom = options.answer?.(method, path, body);
        if (custom) return custom;
        if (method === 'GET' && path === `/api/v1/Policy/${POLICY}/addresses`)
          return json(options.view ?? addresses());
        const zip = /^\/api\/v1\/zip\/(\d{5})$/.exec(path)?.[1];
        if (zip)
          return ZIPS[zip]
            ? json(ZIPS[zip])
            : json({ type: 'urn:portal:problem:not-found', title: 'Not found', status: 404 }, 404);
        if (path.includes('/service-requests')) return json({ items: [], openCount: 0 });
        return undefined;
      },
    },
  });
}
const commandsOf = (calls: Call[]) =>
  calls.filter(
    (call) => call.method === 'PUT' || (call.method === 'POST' && call.url.includes('residential')),
  );

describe('addresses page (issue 11)', { timeout: 30_000 }, () => {
  it('shows each address with its county, FIPS, rating area and the policies sharing it', async () => {
    renderPage();
    const residential = await screen.findByRole(
      'region',
      { name: 'Where you live (residential address)' },
      { timeout: 10_000 },
    );
    expect(within(residential).getByText('Essex County (FIPS 25009) · Rating area 4')).toBeTruthy();
    expect(
      within(residential).getByText(
        'This address is also used by: Dental policy LHP-1000001-02. A change applies to them too.',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Where we send mail (mailing address)' })).getByText(
        'We send your mail to your residential address.',
      ),
    ).toBeTruthy();
  });

  it('offers the city and county once the ZIP is typed and saves the mailing address at once', async () => {
    const { calls } = renderPage({
      answer: (method, path) =>
        method === 'PUT' && path.endsWith('/mailing-address')
          ? json({
              addresses: addresses({
                mailing: home({
                  addressId: id(11),
                  street1: 'PO Box 4471',
                  city: 'Cambridge',
                  zipCode: '02139',
                  version: 1,
                  sharedWith: [],
                }),
              }),
              request: request('mailing-address'),
              zipFilledIn: null,
            })
          : undefined,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Change the mailing address' }, { timeout: 10_000 }),
    );
    fireEvent.input(screen.getByRole('textbox', { name: /Street address/ }), {
      target: { value: 'PO Box 4471' },
    });
    fireEvent.input(screen.getByRole('textbox', { name: /ZIP code/ }), { target: { value: '02139-4307' } });
    expect(await screen.findByText('ZIP code 02139: Cambridge, Middlesex County, MA.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: /City/ }).value).toBe('Cambridge');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use this mailing address' }));
    expect(
      await screen.findByText(
        /Your mailing address was changed and is used from now on\. Request SR-MAIL2345/,
      ),
    ).toBeTruthy();
    expect(commandsOf(calls)[0]).toMatchObject({
      method: 'PUT',
      body: {
        street1: 'PO Box 4471',
        city: 'Cambridge',
        state: 'MA',
        zipCode: '02139',
        addressId: null,
        version: null,
      },
    });
    // SPEC §5: the ZIP+4 typed was cut to 5 before it was sent.
  });

  it('sends an on-exchange member moving to another rating area to the exchange instead of accepting a request', async () => {
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a move' }, { timeout: 10_000 }));
    fireEvent.input(screen.getByRole('textbox', { name: /Street address/ }), {
      target: { value: '5 Main St' },
    });
    fireEvent.input(screen.getByRole('textbox', { name: /ZIP code/ }), { target: { value: '02139' } });
    const notice = await screen.findByRole('region', {
      name: 'Report this move to Massachusetts Health Connector',
    });
    expect(within(notice).getByText(/Moving to Cambridge puts you in another rating area/)).toBeTruthy();
    expect(
      within(notice)
        .getByRole('link', { name: /Report a change to Massachusetts Health Connector/ })
        .getAttribute('href'),
    ).toBe('https://www.mahealthconnector.org/');
    expect(screen.queryByRole('button', { name: 'Send the move for review' })).toBeNull();
    // Within the same rating area the request can be sent.
    fireEvent.input(screen.getByRole('textbox', { name: /ZIP code/ }), { target: { value: '01843' } });
    expect(await screen.findByRole('button', { name: 'Send the move for review' })).toBeTruthy();
    expect(commandsOf(calls)).toEqual([]);
  });

  it('puts the server’s field refusal on the field, translated, keeping what was typed, and says what changed elsewhere (pt)', async () => {
    await changeLanguage('pt', false);
    try {
      let attempt = 0;
      renderPage({
        view: addresses({ onExchange: false }),
        answer: (method, path) => {
          if (method !== 'POST' || !path.endsWith('/residential-address')) return undefined;
          attempt += 1;
          return attempt === 1
            ? json(
                {
                  type: 'urn:portal:problem:unprocessable',
                  title: 'Not possible',
                  status: 422,
                  errors: [
                    {
                      field: 'body.zipCode',
                      reason: 'x',
                      code: 'zip-not-in-state',
                      params: { zip: '03101', state: 'NH' },
                    },
                  ],
                },
                422,
              )
            : json(
                {
                  type: 'urn:portal:problem:conflict',
                  title: 'Changed',
                  status: 409,
                  current: { address: home({ street1: '77 Canal St', version: 3 }) },
                },
                409,
              );
        },
      });
      fireEvent.click(
        await screen.findByRole('button', { name: 'Informar uma mudança' }, { timeout: 10_000 }),
      );
      const street = screen.getByRole('textbox', { name: /Endereço/ });
      fireEvent.input(street, { target: { value: '9 Elm St' } });
      fireEvent.input(screen.getByRole('textbox', { name: /Cidade/ }), { target: { value: 'Manchester' } });
      fireEvent.input(screen.getByRole('textbox', { name: /CEP/ }), { target: { value: '03101' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar a mudança para análise' }));
      expect(
        (await screen.findAllByText('O CEP 03101 fica em NH: confira o estado ou o CEP.')).length,
      ).toBeGreaterThan(0);
      expect((street as HTMLInputElement).value).toBe('9 Elm St');
      fireEvent.click(screen.getByRole('button', { name: 'Enviar a mudança para análise' }));
      expect(await screen.findByText(/Endereço atual: 77 Canal St, Lawrence, MA 01841\./)).toBeTruthy();
      expect((street as HTMLInputElement).value).toBe('9 Elm St');
    } finally {
      await changeLanguage('en', false);
    }
  });
});
