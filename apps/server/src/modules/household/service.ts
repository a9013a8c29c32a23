import { resolveNavigationScenarios, type PolicyFacts } from '@portal/domain';
import type { HouseholdUserResponse, PolicySummary } from '@portal/contracts';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { brokerPolicyIds, loadHouseholds, policyIdsForMemberReference, type MemberReference } from '../policy/repository';
import { memberPolicyOverview, policyOverview, type PolicyRules } from '../policy/service';

/** The ids of the policies the caller may list (a searched subscriber's for member search); members' are read with their summaries. */
async function visiblePolicyIds(db: Database, principal: Principal, search: MemberReference | undefined, canSearch: boolean): Promise<string[]> {
  if (search !== undefined && canSearch) {
    const found = await policyIdsForMemberReference(db, search);
    if (principal.kind !== 'broker') return found;
    // A broker's search finds only their own clients.
    const book = new Set(await brokerPolicyIds(db, principal.brokerId));
    return found.filter((id) => book.has(id));
  }
  switch (principal.kind) {
    case 'member':
      // Read together with their summaries (householdsForCaller); members do not search.
      return [];
    case 'broker':
      return brokerPolicyIds(db, principal.brokerId);
    case 'staff':
      return [];
    case 'guest':
      return principal.policyIds;
    case 'asserted': {
      const byBroker = principal.brokerId ? await brokerPolicyIds(db, principal.brokerId) : [];
      return [...new Set([...principal.policyIds, ...byBroker])];
    }
  }
}

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
  options: { search?: MemberReference; canSearch: boolean; rules: PolicyRules },
): Promise<HouseholdUserResponse> {
  // A member's own policies: found and summarised in one statement, their households with them (docs/decisions/035).
  const { summaries, households: policyHouseholds } =
    principal.kind === 'member' && options.search === undefined
      ? await memberPolicyOverview(db, principal.memberId, principal.householdId, options.rules)
      : await policyOverview(db, await visiblePolicyIds(db, principal, options.search, options.canSearch), options.rules);
  const householdIds = new Set(summaries.map((s) => s.householdId).filter((id): id is string => id !== null));
  if (principal.kind === 'member' && principal.householdId && options.search === undefined) householdIds.add(principal.householdId);
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
