import type { HouseholdUserResponse, PolicySummary, SessionInfo } from '@portal/contracts';
import {
  headerLogoRoute,
  navigationFor,
  navigationRoutes,
  normalizeRoute,
  pruneNavigation,
  rootView,
  type NavigationItem,
  type RootView,
} from '@portal/domain';
import type { RuntimeConfig } from '../config/load-config';
import { BUILT_ROUTES } from './routes';

const built = new Set<string>(BUILT_ROUTES.map(normalizeRoute));

/**
 * Pages that do not exist yet are left out of the menu (they would only lead to the not-found page);
 * a section without any remaining entry goes too.
 */
export function onlyBuiltRoutes(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => {
    const children = onlyBuiltRoutes(item.children);
    const routeBuilt = item.route !== null && built.has(normalizeRoute(item.route));
    if (item.route !== null && !routeBuilt && children.length === 0) return [];
    if (item.route === null && children.length === 0) return [];
    return [{ ...item, route: routeBuilt ? item.route : null, children }];
  });
}

/** Household policies first, then those without a household (the order the scenario rules read them). */
export function policiesOf(household: HouseholdUserResponse): PolicySummary[] {
  return [...household.households.flatMap((entry) => entry.policies), ...household.policies];
}

/** SPEC §4: the menu from roles + scenario + configuration, pruned, limited to built pages. */
export function menuFor(input: {
  session: SessionInfo;
  household: HouseholdUserResponse;
  config: RuntimeConfig;
  bindingPaymentComplete: boolean;
}): NavigationItem[] {
  const { session, household, config } = input;
  const items = navigationFor({
    roles: session.roles,
    scenarios: household.scenario.scenarios,
    navigation: config.navigation,
    roleConfig: config.roles,
  });
  // SPEC §4 "binding-payment entries are removed once the related condition holds": the binder was paid
  // in this session, or no policy the viewer sees waits for its first premium (staff before they look a
  // member up see none, so their first page is never the binder page).
  const noBinderDue = !policiesOf(household).some((policy) => policy.financeStatus === 'Binder');
  const pruned = pruneNavigation(items, {
    bindingPaymentComplete: input.bindingPaymentComplete || noBinderDue,
    pcpSelectionEnabled: config.account.pcp.selectionEnabled,
    pcpPlanTypes: config.account.pcp.planTypeWhitelist,
    firstPolicyPlanType: policiesOf(household)[0]?.planType ?? null,
    onlyPcp: session.onlyPcp,
  });
  return onlyBuiltRoutes(pruned);
}

/** SPEC §2 header logo: the configured route if the user has it, else their first route. */
export function logoRouteFor(
  menu: readonly NavigationItem[],
  config: RuntimeConfig,
  currentPath: string,
): string | null {
  return headerLogoRoute({
    configuredRoute: config.account.header.headerLogoRoute,
    navigationRoutes: navigationRoutes(menu),
    currentPath,
  });
}

/**
 * SPEC §2 root states. "Enrolled" = the viewer has at least one policy to show. Staff and brokers
 * look at other people's accounts, so for them the app itself always shows (with a search or their
 * book of business).
 */
export function rootViewFor(
  session: SessionInfo,
  household: HouseholdUserResponse,
  loggedOut: boolean,
): RootView {
  const staffOrBroker = session.kind === 'staff' || session.kind === 'broker';
  return rootView({ loggedOut, enrolled: staffOrBroker || policiesOf(household).length > 0 });
}
