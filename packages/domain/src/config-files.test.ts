// The tenant configuration files in /config must fit the types and rules of this package.
import { describe, expect, it } from 'vitest';
import baselineNavigationJson from '../../../config/baseline/navigation.json';
import baselineRoleConfigJson from '../../../config/baseline/role-config.json';
import navigationOverrideJson from '../../../config/navigation.json';
import roleConfigOverrideJson from '../../../config/role-config.json';
import { deepMerge } from './config-merge';
import { NAVIGATION_SCENARIOS, navigationFor, navigationRoutes, pruneNavigation } from './navigation';
import type { NavigationConfig, NavigationConfigOverride, NavigationScenario } from './navigation';
import { canPerformAction, hasPermission, MEMBER_SEARCH_PERMISSION } from './roles';
import type { RoleConfig, RoleConfigOverride } from './roles';

const PRUNE_RULES: readonly unknown[] = ['binding-payment', 'pcp-select'];

/** Checks at run time what the type promises, then narrows. */
function asNavigationConfig(json: unknown): NavigationConfig {
  const config = json as NavigationConfig;
  for (const [id, entry] of Object.entries(config.entries)) {
    expect(typeof entry.label, id).toBe('string');
    expect(entry.label, id).toMatch(/^nav\.[a-zA-Z]+$/);
    expect(typeof entry.order, id).toBe('number');
    if (entry.prune !== undefined) expect(PRUNE_RULES, id).toContain(entry.prune);
    if (entry.section !== undefined) {
      const section = config.entries[entry.section];
      expect(section, `${id} → section ${entry.section}`).toBeDefined();
      expect(section?.route, `section ${entry.section} has no route`).toBeUndefined();
    }
  }
  for (const [scenario, ids] of Object.entries(config.scenarios)) {
    expect(NAVIGATION_SCENARIOS as readonly string[]).toContain(scenario);
    for (const id of ids) expect(config.entries[id], `${scenario} lists ${id}`).toBeDefined();
  }
  return config;
}

function asRoleConfig(json: unknown): RoleConfig {
  const config = json as RoleConfig;
  expect(config.roles[config.guestRole]).toBeDefined();
  for (const [name, role] of Object.entries(config.roles)) {
    for (const list of [role.routes, role.actions, role.permissions]) {
      expect(Array.isArray(list), name).toBe(true);
      expect(
        list.every((item) => typeof item === 'string'),
        name,
      ).toBe(true);
    }
  }
  return config;
}

const baselineNavigation = asNavigationConfig(baselineNavigationJson);
const baselineRoles = asRoleConfig(baselineRoleConfigJson);
const navigation = asNavigationConfig(
  deepMerge<NavigationConfig>(baselineNavigation, navigationOverrideJson satisfies NavigationConfigOverride),
);
const roleConfig = asRoleConfig(
  deepMerge<RoleConfig>(baselineRoles, roleConfigOverrideJson satisfies RoleConfigOverride),
);

const SPEC_NAVIGATION_ROUTES = [
  '/account-overview',
  '/documents/invoice',
  '/documents/notice',
  '/documents/tax',
  ...[
    'report-change',
    'contact-info',
    'manage-address',
    'view-benefits',
    'manage-dependents',
    'coverage-details',
    'span-selection/reactivate-plan',
    'change-plan',
  ].map((page) => `/admin/policy-selection/${page}`),
  '/payments/binding-payment',
  '/admin/pcp-select',
  '/payments/make-payment',
  '/payments/autopay',
  '/payments/scheduled-payments',
  '/payments/payment-history',
  '/payments/wallet',
  '/admin/policy-selection/broker',
  '/admin/policy-selection/service-requests',
  '/admin/paperless-settings',
  '/admin/service-requests-alt',
  '/admin/additional-products',
  '/admin/faq',
  '/notification/view-notifications',
  // Issue 13: "who has seen my information", beyond SPEC §2's sample.
];

/** Pages the product adds to SPEC §2's sample menu: the member ID card under the overview (issue 12), who has seen
 * my information and the broker's book of business (issue 13). */
const PRODUCT_NAVIGATION_ROUTES = ['/account-overview/id-card', '/admin/access-history', '/broker'];

const menu = (roles: string[], scenarios: NavigationScenario[], config = navigation): string[] =>
  navigationRoutes(navigationFor({ roles, scenarios, navigation: config, roleConfig }));

describe('baseline navigation', () => {
  it('has exactly the sample navigation entries of SPEC §2', () => {
    const routes = Object.values(baselineNavigation.entries).flatMap((entry) =>
      entry.route === undefined ? [] : [entry.route],
    );
    expect([...routes].sort()).toEqual([...SPEC_NAVIGATION_ROUTES, ...PRODUCT_NAVIGATION_ROUTES].sort());
  });

  it('lists entries for all 11 scenarios', () => {
    expect(Object.keys(baselineNavigation.scenarios).sort()).toEqual([...NAVIGATION_SCENARIOS].sort());
  });

  it('marks the binding-payment and PCP entries for pruning', () => {
    expect(baselineNavigation.entries.bindingPayment?.prune).toBe('binding-payment');
    expect(baselineNavigation.entries.pcpSelect?.prune).toBe('pcp-select');
  });
});

describe('navigation of the demo tenant (baseline + override)', () => {
  it('gives members on exchange the report-change page, off exchange the issuer-handled changes', () => {
    const onExchange = menu(['member'], ['HouseholdAndPolicies', 'OnExchangePolicy']);
    const offExchange = menu(['member'], ['HouseholdAndPolicies', 'OffExchangePolicy']);
    expect(onExchange).toContain('/admin/policy-selection/report-change');
    expect(onExchange).not.toContain('/admin/policy-selection/manage-dependents');
    expect(offExchange).toContain('/admin/policy-selection/manage-dependents');
    expect(offExchange).not.toContain('/admin/policy-selection/report-change');
    expect(onExchange[0]).toBe('/account-overview');
  });

  it('applies the override: the alternative service requests entry is off and notifications move up', () => {
    expect(menu(['member'], ['HouseholdNoPolicies'])).not.toContain('/admin/service-requests-alt');
    expect(menu(['member'], ['HouseholdNoPolicies'], baselineNavigation)).toContain(
      '/admin/service-requests-alt',
    );
    // Notifications come right after the overview's own pages (the overview and its ID card), before the
    // documents; the baseline keeps them last.
    const member = menu(['member'], ['HouseholdAndPolicies', 'OnExchangePolicy']);
    expect(member.slice(0, 3)).toEqual([
      '/account-overview',
      '/account-overview/id-card',
      '/notification/view-notifications',
    ]);
    expect(menu(['member'], ['HouseholdAndPolicies', 'OnExchangePolicy'], baselineNavigation).at(-1)).toBe(
      '/notification/view-notifications',
    );
    expect(menu([], ['GuestPaymentRestrictedPages'])).toEqual(['/admin/faq']);
  });

  it('gives every roled scenario a member menu and every guest scenario a guest menu', () => {
    for (const scenario of [
      'HouseholdNoPolicies',
      'HouseholdNonActivePolicies',
      'HouseholdAndPolicies',
      'PoliciesNoHousehold',
      'BindingPaymentOnlyPages',
    ] as const) {
      expect(menu(['member'], [scenario]).length, scenario).toBeGreaterThan(0);
    }
    for (const scenario of [
      'GuestPayment',
      'GuestPaymentPages',
      'GuestPaymentRestrictedPages',
      'GuestPaymentTermedReinstateOnlyPages',
    ] as const) {
      expect(menu([], [scenario]).length, scenario).toBeGreaterThan(0);
    }
  });

  it('keeps guests to paying', () => {
    expect(menu([], ['GuestPaymentPages'])).toEqual([
      '/payments/binding-payment',
      '/payments/make-payment',
      '/admin/faq',
    ]);
    expect(menu([], ['GuestPaymentTermedReinstateOnlyPages'])).toEqual([
      '/admin/policy-selection/span-selection/reactivate-plan',
      '/admin/faq',
    ]);
  });

  it('gives the tester only the account overview (SPEC §6), with the ID card page beneath it', () => {
    // A role's route opens the routes below it (roles.ts); the ID card is the overview's own sub-page.
    expect(menu(['tester'], ['HouseholdAndPolicies', 'OnExchangePolicy'])).toEqual([
      '/account-overview',
      '/account-overview/id-card',
    ]);
  });

  it('prunes the binding payment once paid and PCP selection for a PPO plan', () => {
    const items = navigationFor({
      roles: ['member'],
      scenarios: ['HouseholdAndPolicies'],
      navigation,
      roleConfig,
    });
    const routes = navigationRoutes(
      pruneNavigation(items, {
        bindingPaymentComplete: true,
        pcpSelectionEnabled: true,
        pcpPlanTypes: ['HMO'],
        firstPolicyPlanType: 'PPO',
        onlyPcp: null,
      }),
    );
    expect(routes).not.toContain('/payments/binding-payment');
    expect(routes).not.toContain('/admin/pcp-select');
    expect(routes).toContain('/payments/make-payment');
  });
});

describe('role configuration of the demo tenant', () => {
  it('has the product roles', () => {
    expect(Object.keys(roleConfig.roles).sort()).toEqual(
      ['administrator', 'broker', 'customer-service', 'guest', 'member', 'tester'].sort(),
    );
  });

  it('gives the tester page /account-overview and action test-action, in production only', () => {
    expect(roleConfig.roles.tester).toMatchObject({
      routes: ['/account-overview'],
      actions: ['test-action'],
    });
    expect(canPerformAction(['tester'], 'test-action', roleConfig, { production: true })).toBe(true);
    expect(canPerformAction(['tester'], 'test-action', roleConfig, { production: false })).toBe(false);
  });

  it('grants member search to customer service and administrators, and to brokers by override', () => {
    expect(hasPermission(['customer-service'], MEMBER_SEARCH_PERMISSION, roleConfig)).toBe(true);
    expect(hasPermission(['administrator'], MEMBER_SEARCH_PERMISSION, roleConfig)).toBe(true);
    expect(hasPermission(['member'], MEMBER_SEARCH_PERMISSION, roleConfig)).toBe(false);
    expect(hasPermission(['broker'], MEMBER_SEARCH_PERMISSION, baselineRoles)).toBe(false);
    expect(hasPermission(['broker'], MEMBER_SEARCH_PERMISSION, roleConfig)).toBe(true);
    expect(roleConfig.roles.broker?.routes).toEqual(baselineRoles.roles.broker?.routes);
  });
});
