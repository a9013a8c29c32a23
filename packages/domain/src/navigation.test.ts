import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exchangeScenario,
  isBaseScenario,
  NAVIGATION_SCENARIOS,
  navigationAudience,
  navigationFor,
  navigationRoutes,
  pruneNavigation,
  resolveGuestScenarios,
  resolveNavigationScenarios,
  resolveRoledUserScenarios,
  showPcpSelection,
} from './navigation';
import type { NavigationConfig, NavigationItem, PolicyFacts, PruneConditions } from './navigation';
import type { RoleConfig } from './roles';

const policy = (overrides: Partial<PolicyFacts> = {}): PolicyFacts => ({
  active: true,
  offExchange: true,
  ...overrides,
});

describe('exchangeScenario', () => {
  it('is OnExchangePolicy if any policy is not off-exchange', () => {
    expect(exchangeScenario([policy(), policy({ offExchange: false })])).toBe('OnExchangePolicy');
  });

  it('is OffExchangePolicy when every policy is off-exchange, or there are none', () => {
    expect(exchangeScenario([policy(), policy()])).toBe('OffExchangePolicy');
    expect(exchangeScenario([])).toBe('OffExchangePolicy');
  });
});

describe('resolveRoledUserScenarios', () => {
  it('1. every household without policies → HouseholdNoPolicies', () => {
    expect(
      resolveRoledUserScenarios({ households: [{ policies: [] }, { policies: [] }], policies: [policy()] }),
    ).toEqual({
      base: 'HouseholdNoPolicies',
      exchange: null,
      scenarios: ['HouseholdNoPolicies'],
    });
  });

  it('2. every household with only non-active policies → HouseholdNonActivePolicies', () => {
    const households = [{ policies: [policy({ active: false })] }, { policies: [] }];
    expect(resolveRoledUserScenarios({ households, policies: [] }).scenarios).toEqual([
      'HouseholdNonActivePolicies',
    ]);
  });

  it('3. some household with policies → HouseholdAndPolicies plus the exchange scenario', () => {
    const households = [
      { policies: [policy({ active: false, offExchange: false })] },
      { policies: [policy()] },
    ];
    expect(resolveRoledUserScenarios({ households, policies: [] })).toEqual({
      base: 'HouseholdAndPolicies',
      exchange: 'OnExchangePolicy',
      scenarios: ['HouseholdAndPolicies', 'OnExchangePolicy'],
    });
    expect(
      resolveRoledUserScenarios({ households: [{ policies: [policy()] }], policies: [] }).scenarios,
    ).toEqual(['HouseholdAndPolicies', 'OffExchangePolicy']);
  });

  it('4. no household but policies → PoliciesNoHousehold plus the exchange scenario', () => {
    expect(
      resolveRoledUserScenarios({ households: [], policies: [policy({ offExchange: false })] }).scenarios,
    ).toEqual(['PoliciesNoHousehold', 'OnExchangePolicy']);
  });

  it('5. nothing at all → BindingPaymentOnlyPages', () => {
    expect(resolveRoledUserScenarios({ households: [], policies: [] }).scenarios).toEqual([
      'BindingPaymentOnlyPages',
    ]);
  });
});

describe('resolveGuestScenarios', () => {
  it('1. any active policy → GuestPaymentPages', () => {
    expect(
      resolveGuestScenarios({
        policies: [policy({ active: false, reinstatementStatus: 'Eligible' }), policy()],
      }).scenarios,
    ).toEqual(['GuestPaymentPages']);
  });

  it('2. a policy eligible for reinstatement, Eligible or Manual → GuestPaymentTermedReinstateOnlyPages', () => {
    for (const reinstatementStatus of ['Eligible', 'Manual', 'manual', ' ELIGIBLE ']) {
      expect(
        resolveGuestScenarios({
          policies: [policy({ active: false }), policy({ active: false, reinstatementStatus })],
        }).base,
      ).toBe('GuestPaymentTermedReinstateOnlyPages');
    }
  });

  it('3. other policies → GuestPaymentRestrictedPages', () => {
    expect(
      resolveGuestScenarios({ policies: [policy({ active: false, reinstatementStatus: 'Ineligible' })] })
        .base,
    ).toBe('GuestPaymentRestrictedPages');
    expect(
      resolveGuestScenarios({ policies: [policy({ active: false, reinstatementStatus: null })] }).base,
    ).toBe('GuestPaymentRestrictedPages');
  });

  it('4. no policies → GuestPayment', () => {
    expect(resolveGuestScenarios({ policies: [] })).toEqual({
      base: 'GuestPayment',
      exchange: null,
      scenarios: ['GuestPayment'],
    });
  });

  it('counts household policies too', () => {
    expect(resolveGuestScenarios({ households: [{ policies: [policy()] }], policies: [] }).base).toBe(
      'GuestPaymentPages',
    );
  });
});

describe('navigationAudience / resolveNavigationScenarios', () => {
  const households = [{ policies: [policy()] }];

  it('follows the roled order for a user with roles and a valid token', () => {
    expect(navigationAudience({ roles: ['member'], tokenExpired: false })).toBe('roled');
    expect(
      resolveNavigationScenarios({ roles: ['member'], tokenExpired: false, households, policies: [] }).base,
    ).toBe('HouseholdAndPolicies');
  });

  it('treats an expired token as a guest with roles', () => {
    expect(navigationAudience({ roles: ['member'], tokenExpired: true })).toBe('guest');
    expect(
      resolveNavigationScenarios({ roles: ['member'], tokenExpired: true, households, policies: [] }).base,
    ).toBe('GuestPaymentPages');
  });

  it('follows the guest order without roles', () => {
    expect(navigationAudience({ roles: [], tokenExpired: false })).toBe('guest');
  });

  const policyArbitrary = fc.record({
    active: fc.boolean(),
    offExchange: fc.boolean(),
    reinstatementStatus: fc.option(fc.constantFrom('Eligible', 'Manual', 'Ineligible', ''), {
      nil: undefined,
    }),
  });
  const inputArbitrary = fc.record({
    roles: fc.array(fc.constantFrom('member', 'broker', 'guest'), { maxLength: 2 }),
    tokenExpired: fc.boolean(),
    households: fc.array(fc.record({ policies: fc.array(policyArbitrary, { maxLength: 3 }) }), {
      maxLength: 3,
    }),
    policies: fc.array(policyArbitrary, { maxLength: 3 }),
  });

  it('always yields exactly one base scenario, first, and at most one exchange scenario after it', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const result = resolveNavigationScenarios(input);
        const bases = result.scenarios.filter(isBaseScenario);
        expect(bases).toEqual([result.base]);
        expect(result.scenarios[0]).toBe(result.base);
        expect(result.scenarios.slice(1)).toEqual(result.exchange === null ? [] : [result.exchange]);
        expect(result.scenarios.every((scenario) => NAVIGATION_SCENARIOS.includes(scenario))).toBe(true);
      }),
    );
  });
});

const roleConfig: RoleConfig = {
  guestRole: 'guest',
  roles: {
    member: {
      routes: ['/account-overview', '/documents', '/payments', '/admin'],
      actions: [],
      permissions: [],
    },
    guest: { routes: ['/payments/make-payment', '/admin/faq'], actions: [], permissions: [] },
    tester: { routes: ['/account-overview'], actions: ['test-action'], permissions: [] },
  },
};

const navigation: NavigationConfig = {
  entries: {
    faq: { route: '/admin/faq', label: 'nav.faq', order: 90 },
    accountOverview: { route: '/account-overview', label: 'nav.accountOverview', order: 10, icon: 'home' },
    documents: { label: 'nav.documents', order: 20 },
    notices: { route: '/documents/notice', label: 'nav.notices', section: 'documents', order: 2 },
    invoices: { route: '/documents/invoice', label: 'nav.invoices', section: 'documents', order: 1 },
    payments: { label: 'nav.payments', order: 30 },
    makePayment: { route: '/payments/make-payment', label: 'nav.makePayment', section: 'payments', order: 1 },
    wallet: { route: '/payments/wallet', label: 'nav.wallet', section: 'payments', order: 2 },
    bindingPayment: {
      route: '/payments/binding-payment',
      label: 'nav.bindingPayment',
      order: 40,
      prune: 'binding-payment',
    },
    pcpSelect: { route: '/admin/pcp-select', label: 'nav.pcpSelect', order: 50, prune: 'pcp-select' },
    reportChange: { route: '/admin/report-change', label: 'nav.reportChange', order: 60 },
    retired: { route: '/admin/retired', label: 'nav.retired', order: 70, enabled: false },
    orphan: { route: '/admin/orphan', label: 'nav.orphan', section: 'missing', order: 1 },
  },
  scenarios: {
    HouseholdAndPolicies: [
      'accountOverview',
      'documents',
      'payments',
      'bindingPayment',
      'pcpSelect',
      'retired',
      'faq',
    ],
    OnExchangePolicy: ['reportChange'],
    GuestPaymentPages: ['makePayment', 'faq'],
    HouseholdNoPolicies: ['notices'],
  },
};

const ids = (items: readonly NavigationItem[]): unknown[] =>
  items.map((item) => (item.children.length > 0 ? [item.id, ids(item.children)] : item.id));

describe('navigationFor', () => {
  it('shows the entries of the scenario that the roles open, sorted by order, with whole listed sections', () => {
    const items = navigationFor({
      roles: ['member'],
      scenarios: ['HouseholdAndPolicies'],
      navigation,
      roleConfig,
    });
    expect(ids(items)).toEqual([
      'accountOverview',
      ['documents', ['invoices', 'notices']],
      ['payments', ['makePayment', 'wallet']],
      'bindingPayment',
      'pcpSelect',
      'faq',
    ]);
    expect(items[0]).toEqual({
      id: 'accountOverview',
      route: '/account-overview',
      label: 'nav.accountOverview',
      icon: 'home',
      prune: null,
      children: [],
    });
    expect(items[1]?.route).toBeNull();
  });

  it('adds the exchange scenario entries to the base scenario', () => {
    const member = { ...roleConfig.roles.member!, routes: ['*'] };
    const items = navigationFor({
      roles: ['member'],
      scenarios: ['HouseholdAndPolicies', 'OnExchangePolicy'],
      navigation,
      roleConfig: { ...roleConfig, roles: { member } },
    });
    expect(ids(items)).toContain('reportChange');
    expect(ids(items)).toContain('faq');
    expect(ids(items)).not.toContain('retired');
    expect(ids(items)).not.toContain('orphan');
  });

  it('shows a section with only its listed children', () => {
    const items = navigationFor({
      roles: ['member'],
      scenarios: ['HouseholdNoPolicies'],
      navigation,
      roleConfig,
    });
    expect(ids(items)).toEqual([['documents', ['notices']]]);
  });

  it('gives the tester only /account-overview', () => {
    const items = navigationFor({
      roles: ['tester'],
      scenarios: ['HouseholdAndPolicies'],
      navigation,
      roleConfig,
    });
    expect(navigationRoutes(items)).toEqual(['/account-overview']);
  });

  it('uses the guest role for a user without roles', () => {
    const items = navigationFor({ roles: [], scenarios: ['GuestPaymentPages'], navigation, roleConfig });
    expect(ids(items)).toEqual([['payments', ['makePayment']], 'faq']);
  });

  it('sorts siblings with the same order by id', () => {
    const tied: NavigationConfig = {
      entries: {
        wallet: { route: '/payments/wallet', label: 'nav.wallet', order: 1 },
        autopay: { route: '/payments/autopay', label: 'nav.autopay', order: 1 },
        makePayment: { route: '/payments/make-payment', label: 'nav.makePayment', order: 0 },
      },
      scenarios: { HouseholdAndPolicies: ['wallet', 'autopay', 'makePayment'] },
    };
    const items = navigationFor({
      roles: ['member'],
      scenarios: ['HouseholdAndPolicies'],
      navigation: tied,
      roleConfig,
    });
    expect(ids(items)).toEqual(['makePayment', 'autopay', 'wallet']);
  });

  it('shows nothing for a scenario without a list', () => {
    expect(navigationFor({ roles: ['member'], scenarios: ['GuestPayment'], navigation, roleConfig })).toEqual(
      [],
    );
  });
});

describe('showPcpSelection / pruneNavigation', () => {
  const conditions: PruneConditions = {
    bindingPaymentComplete: false,
    pcpSelectionEnabled: true,
    pcpPlanTypes: ['HMO', 'EPO'],
    firstPolicyPlanType: 'hmo',
    onlyPcp: undefined,
  };

  it('keeps the PCP entry only when enabled, whitelisted and not refused by the assertion', () => {
    expect(showPcpSelection(conditions)).toBe(true);
    expect(showPcpSelection({ ...conditions, onlyPcp: true })).toBe(true);
    expect(showPcpSelection({ ...conditions, pcpSelectionEnabled: false })).toBe(false);
    expect(showPcpSelection({ ...conditions, firstPolicyPlanType: 'PPO' })).toBe(false);
    expect(showPcpSelection({ ...conditions, firstPolicyPlanType: null })).toBe(false);
    expect(showPcpSelection({ ...conditions, onlyPcp: false })).toBe(false);
  });

  const items = navigationFor({
    roles: ['member'],
    scenarios: ['HouseholdAndPolicies'],
    navigation,
    roleConfig,
  });

  it('keeps binding-payment and PCP entries while their conditions allow', () => {
    expect(ids(pruneNavigation(items, conditions))).toEqual(ids(items));
  });

  it('removes binding-payment entries once the binding condition holds', () => {
    const pruned = pruneNavigation(items, { ...conditions, bindingPaymentComplete: true });
    expect(navigationRoutes(pruned)).not.toContain('/payments/binding-payment');
    expect(navigationRoutes(pruned)).toContain('/admin/pcp-select');
  });

  it('removes the PCP entry when the first policy is not on the whitelist', () => {
    const pruned = pruneNavigation(items, { ...conditions, firstPolicyPlanType: 'PPO' });
    expect(navigationRoutes(pruned)).not.toContain('/admin/pcp-select');
    expect(navigationRoutes(pruned)).toContain('/payments/binding-payment');
  });

  it('removes a section left empty, inside nested menus too', () => {
    const tree: NavigationItem[] = [
      {
        id: 'payments',
        route: null,
        label: 'nav.payments',
        icon: null,
        prune: null,
        children: [
          {
            id: 'bindingPayment',
            route: '/payments/binding-payment',
            label: 'x',
            icon: null,
            prune: 'binding-payment',
            children: [],
          },
        ],
      },
      { id: 'home', route: '/home', label: 'nav.home', icon: null, prune: null, children: [] },
    ];
    expect(ids(pruneNavigation(tree, { ...conditions, bindingPaymentComplete: true }))).toEqual(['home']);
    expect(tree[0]?.children).toHaveLength(1);
  });
});

describe('navigationRoutes', () => {
  it('lists routes depth-first in menu order, skipping sections without a route', () => {
    const items = navigationFor({
      roles: ['member'],
      scenarios: ['HouseholdAndPolicies'],
      navigation,
      roleConfig,
    });
    expect(navigationRoutes(items)).toEqual([
      '/account-overview',
      '/documents/invoice',
      '/documents/notice',
      '/payments/make-payment',
      '/payments/wallet',
      '/payments/binding-payment',
      '/admin/pcp-select',
      '/admin/faq',
    ]);
    expect(navigationRoutes([])).toEqual([]);
  });
});
