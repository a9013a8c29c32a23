import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { changeLanguage } from '../i18n';
import { householdResponse, policyDetail, policySummary, sessionInfo } from '../test/fixtures';
import { renderPortal, type FakeApi } from '../test/render-portal';

describe('routes', () => {
  it('drops a leading account segment and lowercases the path (SPEC §2)', async () => {
    renderPortal('/Account/Error/500?from=x');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong on our side' }),
    ).toBeTruthy();
  });

  it('shows a translated not-found page for an unknown route and titles the document', async () => {
    const description = document.createElement('meta');
    description.name = 'description';
    document.head.append(description);
    await changeLanguage('es', false);
    renderPortal('/payments/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esa página' })).toBeTruthy();
    expect(document.title).toBe('Página no encontrada | Portal para Miembros');
    expect(description.content).toBe('Página no encontrada');
    description.remove();
  });

  it('sends a visitor who is not signed in from a private page to the sign-in page, remembering where they were going', async () => {
    renderPortal('/account-overview');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to your member portal' }),
    ).toBeTruthy();
    expect(screen.getByText('Please sign in to continue to the page you asked for.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Member sign-in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Broker and staff sign-in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find my account' }).getAttribute('href')).toBe(
      '/payments/locate-account',
    );
  });

  it('sends the empty path to locate-account when the tenant says so (SPEC §6)', async () => {
    const { testConfig } = await import('../test/config');
    renderPortal('/', {
      config: testConfig({ account: { locateAccount: { redirectUnauthenticated: true } } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay without signing in' })).toBeTruthy();
  });

  it('lets a located guest open the payment pages and nothing else (SPEC §4 guest scenarios)', async () => {
    const summary = policySummary();
    const api: FakeApi = {
      session: sessionInfo({ kind: 'guest', roles: ['guest'], displayName: null, username: null }),
      household: householdResponse([summary], {
        base: 'GuestPaymentPages',
        exchange: null,
        scenarios: ['GuestPaymentPages'],
      }),
      policies: { [summary.id]: policyDetail(summary) },
    };
    const credential = { kind: 'portal', type: 'guest', key: 'guest-session-key' } as const;
    const wallet = renderPortal('/payments/wallet', { credential, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find that page' })).toBeTruthy();
    wallet.unmount();
    renderPortal('/payments/make-payment', { credential, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Make a payment' })).toBeTruthy();
  });
});
