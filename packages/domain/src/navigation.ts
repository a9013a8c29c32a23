/**
 * Navigation scenarios, navigation for a role and scenario, and menu pruning (SPEC §4, §6).
 *
 * The shape of `config/navigation.json` (deep-merged over `config/baseline/navigation.json`) is
 * {@link NavigationConfig}. Entries are keyed by id so that a tenant override can change one entry
 * without repeating the others; scenario lists are arrays, so an override replaces a whole list.
 */
import type { DeepPartial } from './config-merge';
import { isRouteAllowedForRoles } from './roles';
import type { RoleConfig } from './roles';

/** SPEC §4: every navigation scenario. */
export const NAVIGATION_SCENARIOS = [
  'GuestPayment',
  'GuestPaymentPages',
  'GuestPaymentRestrictedPages',
  'GuestPaymentTermedReinstateOnlyPages',
  'BindingPaymentOnlyPages',
  'HouseholdNoPolicies',
  'HouseholdNonActivePolicies',
  'HouseholdAndPolicies',
  'PoliciesNoHousehold',
  'OffExchangePolicy',
  'OnExchangePolicy',
] as const;

/** SPEC §4: one of {@link NAVIGATION_SCENARIOS}. */
export type NavigationScenario = (typeof NAVIGATION_SCENARIOS)[number];

/** SPEC §4: the scenarios that add to a base scenario. */
export const EXCHANGE_SCENARIOS = ['OffExchangePolicy', 'OnExchangePolicy'] as const;

/** SPEC §4: one of {@link EXCHANGE_SCENARIOS}. */
export type ExchangeScenario = (typeof EXCHANGE_SCENARIOS)[number];

/** SPEC §4: a scenario that is not an exchange scenario: exactly one of these applies to every user. */
export type BaseScenario = Exclude<NavigationScenario, ExchangeScenario>;

/** SPEC §4: whether `scenario` is a base scenario (not OffExchangePolicy / OnExchangePolicy). */
export function isBaseScenario(scenario: NavigationScenario): scenario is BaseScenario {
  return scenario !== 'OffExchangePolicy' && scenario !== 'OnExchangePolicy';
}

/** SPEC §4: what scenario resolution needs to know about one policy. */
export interface PolicyFacts {
  /** Whether the policy is active (the caller decides, e.g. from the member status of its span). */
  readonly active: boolean;
  /** Whether the policy was bought off the exchange (DOMAIN "Exchange"). */
  readonly offExchange: boolean;
  /** SPEC §3 reinstatement eligibility; `Eligible` and `Manual` matter here. */
  readonly reinstatementStatus?: string | null;
  /** The plan type (HMO, PPO, …), used for PCP pruning. */
  readonly planType?: string | null;
}

/** SPEC §4: what scenario resolution needs to know about one household entry (household plus its policies). */
export interface HouseholdFacts {
  readonly policies: readonly PolicyFacts[];
}

/** SPEC §4: the scenarios that apply to a user: one base scenario, plus an exchange scenario for rules 3 and 4. */
export interface ScenarioResolution {
  readonly base: BaseScenario;
  readonly exchange: ExchangeScenario | null;
  /** `[base]` or `[base, exchange]`: the exchange scenario's entries are added to the base scenario's. */
  readonly scenarios: readonly NavigationScenario[];
}

function resolution(base: BaseScenario, exchange: ExchangeScenario | null = null): ScenarioResolution {
  return { base, exchange, scenarios: exchange === null ? [base] : [base, exchange] };
}

/** SPEC §4 "Exchange scenario": OnExchangePolicy if any policy is not off-exchange, else OffExchangePolicy. */
export function exchangeScenario(policies: readonly PolicyFacts[]): ExchangeScenario {
  return policies.some((policy) => !policy.offExchange) ? 'OnExchangePolicy' : 'OffExchangePolicy';
}

/**
 * SPEC §4 "Roled user, in order":
 * 1. there are households and every one has no policies → HouseholdNoPolicies;
 * 2. there are households and every policy in them is non-active → HouseholdNonActivePolicies;
 * 3. some household has policies → HouseholdAndPolicies + exchange scenario of the household policies;
 * 4. otherwise, if `policies` (policies known without a household) exist → PoliciesNoHousehold +
 *    their exchange scenario;
 * 5. otherwise → BindingPaymentOnlyPages (which starts the binding-payment flow).
 * "Every household" needs at least one household: with none, rules 1-3 do not apply.
 */
export function resolveRoledUserScenarios(input: {
  readonly households: readonly HouseholdFacts[];
  readonly policies: readonly PolicyFacts[];
}): ScenarioResolution {
  const { households, policies } = input;
  if (households.length > 0) {
    if (households.every((household) => household.policies.length === 0))
      return resolution('HouseholdNoPolicies');
    const householdPolicies = households.flatMap((household) => household.policies);
    if (householdPolicies.every((policy) => !policy.active)) return resolution('HouseholdNonActivePolicies');
    return resolution('HouseholdAndPolicies', exchangeScenario(householdPolicies));
  }
  if (policies.length > 0) return resolution('PoliciesNoHousehold', exchangeScenario(policies));
  return resolution('BindingPaymentOnlyPages');
}

const REINSTATABLE = new Set(['eligible', 'manual']);

/**
 * SPEC §4 "Guest user, in order": any active policy → GuestPaymentPages; otherwise any policy
 * with reinstatementStatus Eligible or Manual (case-insensitive) → GuestPaymentTermedReinstateOnlyPages;
 * otherwise policies exist → GuestPaymentRestrictedPages; otherwise GuestPayment. Policies of
 * households and policies without a household count alike.
 */
export function resolveGuestScenarios(input: {
  readonly households?: readonly HouseholdFacts[];
  readonly policies: readonly PolicyFacts[];
}): ScenarioResolution {
  const policies = [
    ...(input.households ?? []).flatMap((household) => household.policies),
    ...input.policies,
  ];
  if (policies.some((policy) => policy.active)) return resolution('GuestPaymentPages');
  if (policies.some((policy) => REINSTATABLE.has((policy.reinstatementStatus ?? '').trim().toLowerCase()))) {
    return resolution('GuestPaymentTermedReinstateOnlyPages');
  }
  if (policies.length > 0) return resolution('GuestPaymentRestrictedPages');
  return resolution('GuestPayment');
}

/** SPEC §4: which scenario order applies to a session. */
export type NavigationAudience = 'roled' | 'guest';

/**
 * SPEC §4: a user with roles and a valid token follows the roled-user order; a guest, and a user
 * whose token has expired ("an expired token is treated as a guest with roles"), follows the
 * guest order. The expired user keeps their roles for {@link navigationFor}.
 */
export function navigationAudience(session: {
  readonly roles: readonly string[];
  readonly tokenExpired: boolean;
}): NavigationAudience {
  return session.roles.length > 0 && !session.tokenExpired ? 'roled' : 'guest';
}

/**
 * SPEC §4: the scenarios for a session: {@link navigationAudience} picks the order, then
 * {@link resolveRoledUserScenarios} or {@link resolveGuestScenarios} applies it.
 */
export function resolveNavigationScenarios(input: {
  readonly roles: readonly string[];
  readonly tokenExpired: boolean;
  readonly households: readonly HouseholdFacts[];
  readonly policies: readonly PolicyFacts[];
}): ScenarioResolution {
  return navigationAudience(input) === 'roled'
    ? resolveRoledUserScenarios(input)
    : resolveGuestScenarios(input);
}

/** SPEC §4 menu pruning: which condition may remove an entry. */
export type NavigationPruneRule = 'binding-payment' | 'pcp-select';

/** SPEC §2, §4: one entry of `config/navigation.json` (its id is the key it is stored under). */
export interface NavigationEntryConfig {
  /** The route it opens; absent for a section that only groups children. */
  readonly route?: string;
  /** Translation key of its label, e.g. `nav.accountOverview`. */
  readonly label: string;
  /** Id of the section entry it is listed under; absent at the top level. */
  readonly section?: string;
  /** Position among its siblings (ascending; ties by id). */
  readonly order: number;
  /** Optional icon name for the web app. */
  readonly icon?: string;
  /** Pruning rule that may remove it (SPEC §4 "Menu pruning"). */
  readonly prune?: NavigationPruneRule;
  /** `false` hides it for this tenant whatever the scenario (default true). */
  readonly enabled?: boolean;
}

/** SPEC §2, §4, §7: the navigation configuration file (`config/navigation.json`). */
export interface NavigationConfig {
  /** Entry id → entry. */
  readonly entries: Readonly<Record<string, NavigationEntryConfig>>;
  /**
   * Scenario → ids of the entries it shows. Listing a section shows all its children; listing
   * children shows their section with just those children. A scenario without a list shows nothing.
   */
  readonly scenarios: Readonly<Partial<Record<NavigationScenario, readonly string[]>>>;
}

/** SPEC §7: a tenant override of the navigation file (`config/navigation.json`), deep-merged over the baseline. */
export type NavigationConfigOverride = DeepPartial<NavigationConfig>;

/** SPEC §2, §4: one item of the navigation a user sees. */
export interface NavigationItem {
  readonly id: string;
  readonly route: string | null;
  readonly label: string;
  readonly icon: string | null;
  readonly prune: NavigationPruneRule | null;
  readonly children: readonly NavigationItem[];
}

function byOrder(
  [idA, a]: [string, NavigationEntryConfig],
  [idB, b]: [string, NavigationEntryConfig],
): number {
  // Ids are object keys, so never equal.
  return a.order - b.order || (idA < idB ? -1 : 1);
}

/**
 * SPEC §4/§6 "navigation depends on roles and scenario": the menu for a user with `roles` in
 * `scenarios` (base first, then the exchange scenario, whose entries are added). An entry shows
 * when it is enabled, listed by one of the scenarios (itself or its section), and its route is
 * opened by one of the roles (see roles.ts; no roles = the guest role). A section without a route
 * shows when at least one child shows. Siblings are sorted by `order`. Pruning is a separate step
 * ({@link pruneNavigation}).
 */
export function navigationFor(input: {
  readonly roles: readonly string[];
  readonly scenarios: readonly NavigationScenario[];
  readonly navigation: NavigationConfig;
  readonly roleConfig: RoleConfig;
}): NavigationItem[] {
  const { roles, scenarios, navigation, roleConfig } = input;
  const listed = new Set(scenarios.flatMap((scenario) => navigation.scenarios[scenario] ?? []));
  const enabled = Object.entries(navigation.entries)
    .filter(([, entry]) => entry.enabled !== false)
    .sort(byOrder);

  const build = (
    id: string,
    entry: NavigationEntryConfig,
    inListedSection: boolean,
  ): NavigationItem | null => {
    const shownByScenario = inListedSection || listed.has(id);
    const children = enabled
      .filter(([, child]) => child.section === id)
      .map(([childId, child]) => build(childId, child, shownByScenario))
      .filter((item): item is NavigationItem => item !== null);
    const route = entry.route ?? null;
    const selfShown = route !== null && shownByScenario && isRouteAllowedForRoles(route, roles, roleConfig);
    if (!selfShown && children.length === 0) return null;
    return { id, route, label: entry.label, icon: entry.icon ?? null, prune: entry.prune ?? null, children };
  };

  return enabled
    .filter(([, entry]) => entry.section === undefined)
    .map(([id, entry]) => build(id, entry, false))
    .filter((item): item is NavigationItem => item !== null);
}

/** What menu pruning needs to know (SPEC §4 "Menu pruning"). */
export interface PruneConditions {
  /** The binding-payment condition holds (the binder payment has been made): binding-payment entries go. */
  readonly bindingPaymentComplete: boolean;
  /** Configuration: PCP selection is enabled. */
  readonly pcpSelectionEnabled: boolean;
  /** Configuration: plan types whose members choose a PCP (e.g. HMO). */
  readonly pcpPlanTypes: readonly string[];
  /** The planType of the user's first policy (none when there is no policy). */
  readonly firstPolicyPlanType: string | null | undefined;
  /** The assertion's OnlyPCP value; only an explicit `false` removes the entry. */
  readonly onlyPcp: boolean | null | undefined;
}

/**
 * SPEC §4: the PCP entry stays only when PCP selection is enabled, the first policy's planType is
 * in the PCP whitelist (compared case-insensitively), and the assertion does not say OnlyPCP is false.
 */
export function showPcpSelection(conditions: Omit<PruneConditions, 'bindingPaymentComplete'>): boolean {
  const planType = (conditions.firstPolicyPlanType ?? '').trim().toLowerCase();
  return (
    conditions.pcpSelectionEnabled &&
    planType !== '' &&
    conditions.pcpPlanTypes.some((allowed) => allowed.trim().toLowerCase() === planType) &&
    conditions.onlyPcp !== false
  );
}

/**
 * SPEC §4 "Menu pruning": removes binding-payment entries once the binding condition holds and the
 * PCP entry unless {@link showPcpSelection}; a section left without children and without a route
 * of its own goes too. Returns a new tree; the input is not changed.
 */
export function pruneNavigation(
  items: readonly NavigationItem[],
  conditions: PruneConditions,
): NavigationItem[] {
  const pcpShown = showPcpSelection(conditions);
  const keep = (item: NavigationItem): boolean =>
    !(item.prune === 'binding-payment' && conditions.bindingPaymentComplete) &&
    !(item.prune === 'pcp-select' && !pcpShown);
  const prune = (list: readonly NavigationItem[]): NavigationItem[] =>
    list.filter(keep).flatMap((item) => {
      const children = prune(item.children);
      if (item.route === null && children.length === 0) return [];
      return [{ ...item, children }];
    });
  return prune(items);
}

/** Every route in a navigation tree, depth-first in menu order (SPEC §2: the header logo uses them). */
export function navigationRoutes(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.route === null ? [] : [item.route]),
    ...navigationRoutes(item.children),
  ]);
}
