import {
  memberStatus,
  resolveGuestScenarios,
  resolveRoledUserScenarios,
  type CalendarDate,
  type PolicyFacts,
  type ScenarioResolution,
} from '@portal/domain';
import type { AccountRow, AddressRow, CoverageSpanRow, MemberRow, PolicyRow, SeedRows } from './rows';

/**
 * SPEC §4 navigation scenarios of seeded data, through the domain's own rules: used by the tests to
 * prove that each named demo account shows the scenario the README promises, from the rows in
 * memory or read back from the database.
 */
export type ScenarioRows = Pick<
  SeedRows,
  'accounts' | 'members' | 'policies' | 'coverageSpans' | 'reinstatementEligibility' | 'addresses'
>;

/** A policy as the scenario rules see it: active when a span covers today (SPEC §4 member status). */
export function policyFacts(rows: ScenarioRows, policy: PolicyRow, today: CalendarDate): PolicyFacts {
  const spans = rows.coverageSpans
    .filter((span: CoverageSpanRow) => span.policyId === policy.id)
    .map((span) => ({
      startDate: span.startDate,
      endDate: span.endDate ?? null,
      cancelled: span.cancelled ?? false,
    }));
  const reinstatement = rows.reinstatementEligibility.find((row) => row.policyId === policy.id);
  return {
    active: memberStatus(spans, today).status === 'Active',
    offExchange: policy.offExchange,
    reinstatementStatus: reinstatement?.reinstatementStatus ?? null,
    planType: rows.coverageSpans.find((span) => span.policyId === policy.id)?.planType ?? null,
  };
}

/** Scenarios of a signed-in account: its member's household(s) and the member's own policies. */
export function accountScenarios(
  rows: ScenarioRows,
  username: string,
  today: CalendarDate,
): ScenarioResolution {
  const account = rows.accounts.find((candidate: AccountRow) => candidate.username === username);
  if (!account) throw new RangeError(`No account ${username}`);
  const member = account.memberId
    ? rows.members.find((candidate: MemberRow) => candidate.id === account.memberId)
    : undefined;
  if (!member) return resolveRoledUserScenarios({ households: [], policies: [] });
  const householdPolicies = member.householdId
    ? rows.policies.filter((policy) => policy.householdId === member.householdId)
    : [];
  const ownPolicies = rows.policies.filter((policy) => policy.subscriberMemberId === member.id);
  return resolveRoledUserScenarios({
    households: member.householdId
      ? [{ policies: householdPolicies.map((policy) => policyFacts(rows, policy, today)) }]
      : [],
    policies: ownPolicies.map((policy) => policyFacts(rows, policy, today)),
  });
}

export interface GuestFacts {
  readonly exchangeSubscriberId?: string;
  readonly policyNumber?: string;
  readonly dob: CalendarDate;
  readonly zipCode: string;
}

/** The policies a guest finds on the locate-account page: an id, the subscriber's birth date and ZIP. */
export function locatePolicies(rows: ScenarioRows, facts: GuestFacts): PolicyRow[] {
  return rows.policies.filter((policy) => {
    const idMatches =
      (facts.exchangeSubscriberId !== undefined &&
        policy.exchangeSubscriberId === facts.exchangeSubscriberId) ||
      (facts.policyNumber !== undefined && policy.policyNumber === facts.policyNumber);
    if (!idMatches) return false;
    const subscriber = rows.members.find((member) => member.id === policy.subscriberMemberId);
    const address = rows.addresses.find(
      (candidate: AddressRow) => candidate.id === policy.residentialAddressId,
    );
    return subscriber?.dob === facts.dob && address?.zipCode === facts.zipCode;
  });
}

/** Scenarios of a guest who located `facts` (SPEC §4 guest rules). */
export function guestScenarios(
  rows: ScenarioRows,
  facts: GuestFacts,
  today: CalendarDate,
): ScenarioResolution {
  const located = locatePolicies(rows, facts);
  const subscriberIds = new Set(located.map((policy) => policy.subscriberMemberId));
  // The guest pays for the located subscriber: every policy of that subscriber counts.
  const policies = rows.policies.filter((policy) => subscriberIds.has(policy.subscriberMemberId));
  return resolveGuestScenarios({ policies: policies.map((policy) => policyFacts(rows, policy, today)) });
}
