import { describe, expect, it } from 'vitest';
import { navigationRoutes, type NavigationItem } from '@portal/domain';
import { testConfig } from '../test/config';
import { householdResponse, policySummary, sessionInfo } from '../test/fixtures';
import { logoRouteFor, menuFor, onlyBuiltRoutes, rootViewFor } from './navigation';

const item = (id: string, route: string | null, children: NavigationItem[] = []): NavigationItem => ({
  id,
  route,
  label: `nav.${id}`,
  icon: null,
  prune: null,
  children,
});

describe('the menu (SPEC §4 navigation)', () => {
  it('leaves out pages that are not built yet, and sections left empty', () => {
    const menu = onlyBuiltRoutes([
      item('accountOverview', '/account-overview'),
      item('documents', null, [item('invoices', '/documents/invoice')]),
      item('coverage', null, [item('later', '/admin/not-built-yet')]),
      item('soon', '/admin/not-built-either'),
    ]);
    expect(menu.map((entry) => entry.id)).toEqual(['accountOverview', 'documents']);
  });

  it('computes the entries from roles, scenario and configuration', () => {
    const config = testConfig();
    const member = menuFor({
      session: sessionInfo(),
      household: householdResponse([policySummary()]),
      config,
      bindingPaymentComplete: false,
    });
    expect(navigationRoutes(member)).toEqual(
      expect.arrayContaining([
        '/account-overview',
        '/payments/payment-history',
        '/payments/wallet',
        '/documents/invoice',
        '/documents/notice',
        '/documents/tax',
        '/admin/paperless-settings',
        '/notification/view-notifications',
      ]),
    );
    const guest = menuFor({
      session: sessionInfo({ kind: 'guest', roles: ['guest'] }),
      household: householdResponse([policySummary()], {
        base: 'GuestPaymentPages',
        exchange: null,
        scenarios: ['GuestPaymentPages'],
      }),
      config,
      bindingPaymentComplete: false,
    });
    // A guest pays and reads the FAQ; a policy in force waits for no binder payment.
    expect(navigationRoutes(guest)).toEqual(['/payments/make-payment', '/admin/faq']);
  });

  it('keeps "pay your first premium" only while a policy waits for its binder payment, or until it is paid (SPEC §4 pruning)', () => {
    const config = testConfig();
    const routes = (financeStatus: 'Binder' | 'Current', bindingPaymentComplete: boolean) =>
      navigationRoutes(
        menuFor({
          session: sessionInfo(),
          household: householdResponse([policySummary({ financeStatus })]),
          config,
          bindingPaymentComplete,
        }),
      );
    expect(routes('Binder', false)).toContain('/payments/binding-payment');
    expect(routes('Binder', true)).not.toContain('/payments/binding-payment');
    expect(routes('Current', false)).not.toContain('/payments/binding-payment');
    expect(routes('Current', false)).toContain('/payments/make-payment');
  });

  it('offers the PCP page only when selection is enabled, the first policy’s plan type is whitelisted and the assertion does not say OnlyPCP=false (SPEC §4 pruning)', () => {
    const hasPcp = (options: {
      planType?: string;
      onlyPcp?: boolean | null;
      enabled?: boolean;
      kind?: 'member' | 'asserted';
    }) =>
      navigationRoutes(
        menuFor({
          session: sessionInfo({ kind: options.kind ?? 'member', onlyPcp: options.onlyPcp ?? null }),
          household: householdResponse([
            policySummary({ planType: options.planType ?? 'HMO' }),
            policySummary({ planType: 'PPO', policyNumber: 'LHP-1000001-02' }),
          ]),
          config: testConfig({ account: { pcp: { selectionEnabled: options.enabled ?? true } } }),
          bindingPaymentComplete: false,
        }),
      ).includes('/admin/pcp-select');
    expect(hasPcp({})).toBe(true);
    // The demo tenant's whitelist is HMO and EPO, compared case-insensitively; only the first policy counts.
    expect(hasPcp({ planType: 'epo' })).toBe(true);
    expect(hasPcp({ planType: 'PPO' })).toBe(false);
    expect(hasPcp({ enabled: false })).toBe(false);
    expect(hasPcp({ kind: 'asserted', onlyPcp: false })).toBe(false);
    expect(hasPcp({ kind: 'asserted', onlyPcp: true })).toBe(true);
  });

  it('links the logo to the configured route when the user has it, else to their first route, and not on the PCP page', () => {
    const config = testConfig({ account: { header: { headerLogoRoute: '/documents/invoice' } } });
    const menu = [item('faq', '/admin/faq'), item('accountOverview', '/account-overview')];
    expect(logoRouteFor(menu, config, '/account-overview')).toBe('/admin/faq');
    expect(logoRouteFor(menu, testConfig(), '/account-overview')).toBe('/account-overview');
    expect(logoRouteFor(menu, testConfig(), '/admin/pcp-select')).toBeNull();
  });

  it('shows the no-plans page to a member without policies, never to staff (SPEC §2 root states)', () => {
    const none = householdResponse([], {
      base: 'HouseholdNoPolicies',
      exchange: null,
      scenarios: ['HouseholdNoPolicies'],
    });
    expect(rootViewFor(sessionInfo(), none, false)).toBe('no-plans-available');
    expect(rootViewFor(sessionInfo({ kind: 'staff', roles: ['customer-service'] }), none, false)).toBe('app');
    expect(rootViewFor(sessionInfo(), householdResponse([policySummary()]), false)).toBe('app');
    expect(rootViewFor(sessionInfo(), none, true)).toBe('logged-out');
  });
});
