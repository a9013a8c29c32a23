/**
 * Who is calling the API, as established from a verified token. Every authorization decision starts
 * from one of these (apps/server/src/auth/access.ts).
 */

interface PrincipalBase {
  /** Stable subject for the audit log: an account id, or a portal session id for guests and assertions. */
  subject: string;
  roles: string[];
  /** The token issuer that vouched for this caller. */
  issuer: string;
}

/** A member signed in through the consumer flow. */
export interface MemberPrincipal extends PrincipalBase {
  kind: 'member';
  accountId: string;
  memberId: string | null;
  householdId: string | null;
}

/**
 * The member a staff user acts for (docs/decisions/043): their acting session under way, read on each
 * call (never remembered with the token): a household, or for policies that belong to no household the
 * subscriber whose loose policies they are.
 */
export interface ActingScope {
  sessionId: string;
  householdId: string | null;
  subscriberMemberId: string | null;
}

/** Issuer staff (customer service, administrators, testers) signed in through the workforce flow. */
export interface StaffPrincipal extends PrincipalBase {
  kind: 'staff';
  accountId: string;
  permissions: string[];
  /** The acting session under way (staff who may act for members), or null. */
  acting: ActingScope | null;
}

/** A broker signed in through the workforce flow. */
export interface BrokerPrincipal extends PrincipalBase {
  kind: 'broker';
  accountId: string;
  brokerId: string;
  permissions: string[];
}

/** A guest who located one account (a subscriber's policies) in order to pay it. */
export interface GuestPrincipal extends PrincipalBase {
  kind: 'guest';
  sessionId: string;
  /** The located subscriber's policies (medical, dental, …): what the guest may pay. */
  policyIds: string[];
  householdId: string | null;
}

/** A user arriving with a verified SAML assertion from an exchange or broker system. */
export interface AssertedPrincipal extends PrincipalBase {
  kind: 'asserted';
  sessionId: string;
  policyIds: string[];
  brokerId: string | null;
  onlyPcp: boolean | null;
  languagePreference: string | null;
  /** Exchange subscriber id named by the assertion for a binder payment not yet in our records. */
  bindingSubscriberId: string | null;
}

export type Principal =
  MemberPrincipal | StaffPrincipal | BrokerPrincipal | GuestPrincipal | AssertedPrincipal;

/** The role recorded in the audit log: the first role, or the kind of caller. */
export function auditRole(principal: Principal): string {
  return principal.roles[0] ?? principal.kind;
}
