import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HouseholdAdditionalProducts, ServiceRequest } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal } from '../../../test/render-portal';

const id = (n: number) => `00000000-0000-4000-9300-${String(n).padStart(12, '0')}`;
const ANA = id(1);
const LEO = id(2);

function products(override: Partial<HouseholdAdditionalProducts> = {}): HouseholdAdditionalProducts {
  return {
    items: [
      {
        name: 'dental',
        productType: 'QDP',
        urlType: 'internal',
        iconClass: 'smile',
        applyUrl: '/admin/additional-products?apply=dental',
        status: 'available',
        referenceNumber: null,
      },
      {
        name: 'vision',
        productType: 'CVP',
        urlType: 'internal',
        iconClass: 'visibility',
        applyUrl: '/admin/additional-products?apply=vision',
        status: 'requested',
        referenceNumber: 'SR-VIS00001',
      },
      {
        name: 'health',
        productType: 'QHP',
        urlType: 'external',
        iconClass: 'health-and-safety',
        applyUrl: 'https://www.mahealthconnector.org/',
        status: 'covered',
        referenceNumber: null,
      },
    ],
    members: [
      { memberId: ANA, firstName: 'Ana', lastName: 'Costa', relationship: 'self' },
      { memberId: LEO, firstName: 'Leo', lastName: 'Costa', relationship: 'child' },
    ],
    earliestStart: '2026-12-01',
    latestStart: '2027-02-01',
    ...override,
  };
}

const sent: ServiceRequest = {
  id: id(50),
  referenceNumber: 'SR-DEN00001',
  type: 'additional-product',
  status: 'Submitted',
  policyId: null,
  policyNumber: null,
  subject: null,
  details: { product: 'dental' },
  memberIds: [ANA],
  effectiveDate: '2027-01-01',
  resolution: null,
  requestedBy: 'member',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  canCancel: true,
  history: [],
  attachments: [],
};

function renderPage(path = '/admin/additional-products', apply?: (body: unknown) => Response) {
  const household = householdResponse([policySummary()]);
  const householdId = household.households[0]?.household.id ?? '';
  const view = renderPortal(path, {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['apply-additional-products', 'create-service-request'] }),
      household,
      custom: (method, url, body) => {
        if (method === 'GET' && url === `/api/v1/Household/${householdId}/additional-products`)
          return json(products());
        if (method === 'POST' && url === `/api/v1/Household/${householdId}/additional-products`)
          return apply?.(body) ?? json(sent, 201);
        return undefined;
      },
    },
  });
  return { ...view, householdId };
}

describe(
  'additional products page (issue 12, SPEC §2 /admin/additional-products)',
  { timeout: 30_000 },
  () => {
    it('shows the tenant’s cards with where the household stands; health opens the Health Connector in a new tab', async () => {
      renderPage();
      const dental = await screen.findByRole('listitem', { name: 'Dental coverage' }, { timeout: 10_000 });
      expect(within(dental).getByText('Dental coverage (qualified dental plan)')).toBeTruthy();
      expect(within(dental).getByRole('button', { name: 'Apply for Dental coverage' })).toBeTruthy();
      const vision = screen.getByRole('listitem', { name: 'Vision coverage' });
      expect(within(vision).getByText('Application sent (reference SR-VIS00001)')).toBeTruthy();
      expect(within(vision).queryByRole('button')).toBeNull();
      const health = screen.getByRole('listitem', { name: 'Health coverage' });
      expect(within(health).getByText('Your household has this coverage')).toBeTruthy();
      const link = within(health).getByRole('link', {
        name: 'Apply for Health coverage (opens in a new tab)',
      });
      expect(link.getAttribute('href')).toBe('https://www.mahealthconnector.org/');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    });

    it('applies for dental in the portal: who, from when, a note; says what is missing and keeps what was typed', async () => {
      const { calls, householdId } = renderPage();
      fireEvent.click(
        await screen.findByRole('button', { name: 'Apply for Dental coverage' }, { timeout: 10_000 }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Apply for Dental coverage' });
      fireEvent.input(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
        target: { value: 'Cleanings for both of us.' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send the application' }));
      expect(
        (await within(dialog).findAllByText('Who needs coverage: choose at least one person.')).length,
      ).toBeGreaterThan(0);
      expect(
        within(dialog).getByRole<HTMLTextAreaElement>('textbox', {
          name: 'Note (optional)',
        }).value,
      ).toBe('Cleanings for both of us.');
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ana Costa (Policyholder)' }));
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Leo Costa (Child)' }));
      await userEvent.selectOptions(
        within(dialog).getByRole('combobox', { name: /Coverage start/ }),
        'January 1, 2027',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send the application' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).toBeNull();
      });
      expect(
        calls.find(
          (call) =>
            call.method === 'POST' && call.url === `/api/v1/Household/${householdId}/additional-products`,
        )?.body,
      ).toEqual({
        product: 'dental',
        memberIds: [ANA, LEO],
        startDate: '2027-01-01',
        note: 'Cleanings for both of us.',
      });
      expect(await screen.findByText('We received your application for Dental coverage.')).toBeTruthy();
    });

    it('opens the application from its link (?apply=), and says a refusal on the field', async () => {
      renderPage('/admin/additional-products?apply=dental', () =>
        json(
          {
            type: 'urn:portal:problem:unprocessable',
            title: 'Not possible',
            status: 422,
            errors: [
              {
                field: 'body.startDate',
                code: 'date-after-latest',
                reason: 'late',
                params: { earliest: '2026-12-01', latest: '2027-02-01' },
              },
            ],
          },
          422,
        ),
      );
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Apply for Dental coverage' },
        { timeout: 10_000 },
      );
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ana Costa (Policyholder)' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send the application' }));
      expect(
        (await within(dialog).findAllByText('Coverage start can be February 1, 2027 at the latest.')).length,
      ).toBeGreaterThan(0);
    });

    it('reads in Portuguese', async () => {
      await changeLanguage('pt');
      renderPage();
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Contrate mais cobertura' },
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(await screen.findByRole('listitem', { name: 'Cobertura oftalmológica' })).toBeTruthy();
      expect(screen.getByText('Proposta enviada (referência SR-VIS00001)')).toBeTruthy();
      await changeLanguage('en');
    });
  },
);
