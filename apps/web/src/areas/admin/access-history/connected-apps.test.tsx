import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccessHistoryPage, ConnectedApps } from '@portal/contracts';
import { changeLanguage } from '../../../i18n';
import { householdResponse, policySummary, sessionInfo } from '../../../test/fixtures';
import { json, memberCredential, renderPortal } from '../../../test/render-portal';

const APP = {
  clientId: 'health-record-demo',
  name: 'Health Record Demo',
  publisher: 'Example Apps Inc.',
  scopes: ['openid', 'launch/patient', 'patient/Patient.rs', 'patient/Coverage.rs'],
  connectedAt: '2026-11-02T15:00:00.000Z',
  expiresAt: '2027-01-31T15:00:00.000Z',
};

function renderPage() {
  const household = householdResponse([policySummary()]);
  const householdId = household.households[0]?.household.id ?? '';
  let apps: ConnectedApps = { apps: [APP] };
  const history: AccessHistoryPage = {
    items: [
      {
        occurredAt: '2026-11-03T09:30:00.000Z',
        who: { kind: 'app', role: 'app', name: 'Health Record Demo (Example Apps Inc.)' },
        kind: 'read',
        record: 'coverage',
        action: 'read',
      },
    ],
    page: 1,
    pageSize: 20,
    total: 1,
  };
  const view = renderPortal('/admin/access-history', {
    credential: memberCredential(),
    api: {
      session: sessionInfo({ actions: ['manage-connected-apps'] }),
      household,
      custom: (method, url, body) => {
        if (method === 'GET' && url === `/api/v1/Household/${householdId}/access-history`)
          return json(history);
        if (method === 'GET' && url === '/api/v1/account/connected-apps') return json(apps);
        if (method === 'POST' && url === '/api/v1/account/connected-apps/disconnect') {
          apps = { apps: [] };
          return json({ clientId: (body as { clientId: string }).clientId, disconnected: true });
        }
        return undefined;
      },
    },
  });
  return view;
}

describe(
  'connected apps on "Who has seen my information" (issue 37, SMART on FHIR)',
  { timeout: 30_000 },
  () => {
    it('lists the apps the member connected with what they read, shows their reads, and disconnects one', async () => {
      const { calls } = renderPage();
      const section = await screen.findByRole('region', { name: 'Apps you connected' }, { timeout: 10_000 });
      const item = await within(section).findByTestId('connected-app');
      expect(
        within(item).getByRole('heading', { name: 'Health Record Demo, from Example Apps Inc.' }),
      ).toBeTruthy();
      expect(
        within(item).getByText("Reads: your and your dependents' personal details; your coverage"),
      ).toBeTruthy();
      expect(
        await screen.findByText('An app you connected: Health Record Demo (Example Apps Inc.)'),
      ).toBeTruthy();

      fireEvent.click(within(item).getByRole('button', { name: 'Disconnect Health Record Demo' }));
      expect(
        await within(section).findByText(
          'Health Record Demo is disconnected: it can no longer read your information.',
        ),
      ).toBeTruthy();
      const sent = calls.find(
        (call) => call.method === 'POST' && call.url === '/api/v1/account/connected-apps/disconnect',
      );
      expect(sent?.body).toEqual({ clientId: 'health-record-demo' });
      await waitFor(() => {
        expect(within(section).getByText('You have not connected any apps.')).toBeTruthy();
      });
    });

    it('speaks Spanish', async () => {
      await changeLanguage('es');
      try {
        renderPage();
        const section = await screen.findByRole(
          'region',
          { name: 'Aplicaciones que conectó' },
          { timeout: 10_000 },
        );
        expect(
          await within(section).findByRole('button', { name: 'Desconectar Health Record Demo' }),
        ).toBeTruthy();
      } finally {
        await changeLanguage('en');
      }
    });
  },
);
