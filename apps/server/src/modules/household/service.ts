import { resolveNavigationScenarios, type PolicyFacts } from '@portal/domain';
import type { HouseholdUserResponse, PolicySummary } from '@portal/contracts';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { listablePolicyIds, type MemberReference } from '../../auth/access';
import { memberPolicyOverview, policyOverview, type PolicyRules } from '../policy/service';
import { loadHouseholds } from './repository';

// --- reads for acting-session, additional-product ---
export { householdById, lockHousehold } from './repository';

const facts = (policy: PolicySummary): PolicyFacts => ({
  active: policy.active,
  offExchange: policy.offExchange,
  reinstatementStatus: policy.reinstatementStatus,
  planType: policy.planType,
});

/**
 * SPEC §3 household entries for the caller and the SPEC §4 scenario they lead to. A member with a
 * household but no policies still gets the household (HouseholdNoPolicies).
 */
export async function householdsForCaller(
  db: Database,
  principal: Principal,
  options: { search?: MemberReference; rules: PolicyRules },
): Promise<HouseholdUserResponse> {
  // A member's own policies: found and summarised in one statement, their households with them (docs/decisions/035).
  const { summaries, households: policyHouseholds } =
    principal.kind === 'member' && options.search === undefined
      ? await memberPolicyOverview(db, principal.memberId, principal.householdId, options.rules)
      : await policyOverview(db, await listablePolicyIds(db, principal, options.search), options.rules);
  const householdIds = new Set(summaries.map((s) => s.householdId).filter((id): id is string => id !== null));
  if (principal.kind === 'member' && principal.householdId && options.search === undefined)
    householdIds.add(principal.householdId);
  // Households in the order of their first policy; a member's household without policies (HouseholdNoPolicies) is read on its own.
  const householdRows = policyHouseholds.filter((household) => householdIds.has(household.id));
  const unread = [...householdIds].filter((id) => !householdRows.some((household) => household.id === id));
  if (unread.length > 0) householdRows.push(...(await loadHouseholds(db, unread)));
  // Guests and brokers have no wallet pages (role-config); they are not told where the wallet is.
  const seesWallet = principal.kind !== 'guest' && principal.kind !== 'broker';
  const households = householdRows.map((household) => ({
    household: { ...household, walletReferenceId: seesWallet ? household.walletReferenceId : null },
    policies: summaries.filter((s) => s.householdId === household.id),
  }));
  const loose = summaries.filter((s) => s.householdId === null);
  const scenario = resolveNavigationScenarios({
    roles: principal.kind === 'guest' ? [] : principal.roles,
    tokenExpired: false,
    households: households.map((entry) => ({ policies: entry.policies.map(facts) })),
    policies: loose.map(facts),
  });
  return {
    households,
    policies: loose,
    scenario: { base: scenario.base, exchange: scenario.exchange, scenarios: [...scenario.scenarios] },
    today: options.rules.today,
  };
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---
export { insertHouseholdForExchange } from './repository';
