import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContactInformation, ServiceRequest } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal, type Call } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9100-${String(n).padStart(12, '0')}`;
const POLICY = id(1);

const contact = (override: Partial<ContactInformation> = {}): ContactInformation => ({
  householdId: id(99),
  email: 'maria.santos@example.com',
  homePhone: null,
  mobilePhone: '(978) 555-0110',
  preferredContactMethod: 'email',
  version: 3,
  ...override,
});

const request = (override: Partial<ServiceRequest> = {}): ServiceRequest => ({
  id: id(50),
  referenceNumber: 'SR-ABCD2345',
  type: 'contact',
  status: 'Completed',
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
  ...override,
});

function renderPage(answer?: (method: string, path: string, body: unknown) => Response | undefined) {
  const household = householdResponse([policySummary({ id: POLICY })]);
  const householdId = household.households[0]?.household.id ?? '';
  const view = renderPortal('/admin/policy-selection/contact-info', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['update-contact', 'update-demographics', 'manage-address'] }),
      household,
      custom: (method, path, body) => {
        const custom = answer?.(method, path, body);
        if (custom) return custom;
        if (method === 'GET' && path === `/api/v1/Household/${householdId}/contact-information`)
          return json(contact({ householdId }));
        return undefined;
      },
    },
  });
  return { ...view, householdId };
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

describe('contact information page (issue 11)', { timeout: 30_000 }, () => {
  it('shows what is on file and saves a change at once, telling the member the request that records it', async () => {
    const { calls, householdId } = renderPage((method, path, body) =>
      method === 'PUT' && path.endsWith('/contact-information')
        ? json({
            contact: contact({ householdId, mobilePhone: '(617) 555-0142', version: 4 }),
            request: request(),
            phoneChanged: true,
            echo: body,
          })
        : undefined,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact information' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('(978) 555-0110')).toBeTruthy();
    const mobile = screen.getByRole('textbox', { name: 'Mobile phone' });
    fireEvent.input(mobile, { target: { value: '617-555-0142' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(
      await screen.findByText(
        /our member records team was told of your new phone number\. Request SR-ABCD2345/,
      ),
    ).toBeTruthy();
    expect(puts(calls)[0]).toMatchObject({
      body: {
        policyId: POLICY,
        mobilePhone: '617-555-0142',
        email: 'maria.santos@example.com',
        preferredContactMethod: 'email',
        version: 3,
      },
    });
  });

  it('puts each bad value on its field, translated, and keeps what was typed (es)', async () => {
    await changeLanguage('es', false);
    try {
      const { calls } = renderPage();
      const mobile = await screen.findByRole('textbox', { name: 'Teléfono celular' }, { timeout: 10_000 });
      fireEvent.input(mobile, { target: { value: '555-0142' } });
      const email = screen.getByRole('textbox', { name: 'Correo electrónico' });
      fireEvent.input(email, { target: { value: '' } });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar datos de contacto' }));
      expect(
        await screen.findByText(
          'Teléfono celular debe ser un número de EE. UU. de 10 dígitos, por ejemplo (617) 555-0142.',
        ),
      ).toBeTruthy();
      expect(screen.getByText('Correo electrónico es obligatorio.')).toBeTruthy();
      expect((mobile as HTMLInputElement).value).toBe('555-0142');
      expect(puts(calls)).toEqual([]);
    } finally {
      await changeLanguage('en', false);
    }
  });

  it('says what changed elsewhere, keeps what was typed, and sends the new version next time', async () => {
    let attempt = 0;
    const { calls, householdId } = renderPage((method, path) => {
      if (method !== 'PUT' || !path.endsWith('/contact-information')) return undefined;
      attempt += 1;
      return attempt === 1
        ? json(
            {
              type: 'urn:portal:problem:conflict',
              title: 'Changed elsewhere',
              status: 409,
              current: contact({ householdId, homePhone: '(508) 555-0100', version: 4 }),
            },
            409,
          )
        : json({ contact: contact({ householdId, version: 5 }), request: request(), phoneChanged: false });
    });
    const email = await screen.findByRole('textbox', { name: 'Email' }, { timeout: 10_000 });
    fireEvent.input(email, { target: { value: 'new@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(
      await screen.findByText(
        /changed elsewhere since you opened this page.*Now on file: Home phone: \(508\) 555-0100\./,
      ),
    ).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('new@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    await waitFor(() => {
      expect(puts(calls)).toHaveLength(2);
    });
    expect(puts(calls)[1]).toMatchObject({ body: { email: 'new@example.org', version: 4 } });
  });
});
