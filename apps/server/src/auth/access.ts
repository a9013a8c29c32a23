import type { FastifyRequest } from 'fastify';
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { MEMBER_SEARCH_PERMISSION } from '@portal/domain';
import { ProblemType } from '@portal/contracts';
import type { Database } from '../db/client';
import { documents, households, members, memberSpans, notifications, policies, wallets } from '../db/schema';
import { HttpProblem } from '../plugins/errors';
import type { Principal } from './principal';

/**
 * Who may see or change which record: the one place the API's access rules live (ARCHITECTURE "Every
 * handler checks that the caller may see or change that household/policy/wallet").
 *
 * - a member: their own household, and policies they are covered by;
 * - a broker: policies where they are broker of record (and those policies' households);
 * - customer service with `member-search`: any member's records (every access is audited);
 * - a guest: the located subscriber's policies (and their household for the guest pages);
 * - an asserted user: the policies named in the assertion, and a named broker's policies.
 * Records owned by a policy or a household (documents, notifications, wallets, members) follow their
 * owner's rule, with the narrower exceptions written next to each check below.
 * An unknown id answers 404; an existing record that is not the caller's answers 403.
 */

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new HttpProblem(401, ProblemType.unauthenticated, 'Sign-in required');
  return request.principal;
}

export const notFound = (what: string) => new HttpProblem(404, ProblemType.notFound, 'Not found', `No such ${what}.`);
const forbidden = () => new HttpProblem(403, ProblemType.forbidden, 'Not allowed', 'This record is not yours to see or change.');

/** Issuer staff with member-search may read any member's records (and every such access is audited). */
const canSearchMembers = (principal: Principal): boolean =>
  principal.kind === 'staff' && principal.permissions.includes(MEMBER_SEARCH_PERMISSION);

export interface PolicyRef {
  id: string;
  householdId: string | null;
  brokerId: string | null;
  subscriberMemberId: string;
}

const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

async function policyRef(db: Database, policyId: string): Promise<PolicyRef | undefined> {
  if (!isUuid(policyId)) return undefined;
  const [row] = await db
    .select({
      id: policies.id,
      householdId: policies.householdId,
      brokerId: policies.brokerId,
      subscriberMemberId: policies.subscriberMemberId,
    })
    .from(policies)
    .where(eq(policies.id, policyId));
  return row;
}

async function memberIsCovered(db: Database, memberId: string, policyId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(memberSpans)
    .where(and(eq(memberSpans.memberId, memberId), eq(memberSpans.policyId, policyId)))
    .limit(1);
  return row !== undefined;
}

/** Whether `principal` may see (and, with the matching role action, act on) this policy. */
export async function mayAccessPolicy(db: Database, principal: Principal, policy: PolicyRef): Promise<boolean> {
  switch (principal.kind) {
    case 'member':
      if (principal.householdId !== null && policy.householdId === principal.householdId) return true;
      if (principal.memberId === null) return false;
      return policy.subscriberMemberId === principal.memberId || memberIsCovered(db, principal.memberId, policy.id);
    case 'broker':
      // Brokers see their book of business only, even where they may search it (member-search).
      return policy.brokerId === principal.brokerId;
    case 'staff':
      return canSearchMembers(principal);
    case 'guest':
      return principal.policyIds.includes(policy.id);
    case 'asserted':
      return principal.policyIds.includes(policy.id) || (principal.brokerId !== null && policy.brokerId === principal.brokerId);
  }
}

/**
 * Loads the policy and checks the caller may access it; audits refusals. Returns its reference
 * (household for the audit's "acting for").
 */
export async function authorizePolicy(request: FastifyRequest, db: Database, policyId: string): Promise<PolicyRef> {
  const principal = requirePrincipal(request);
  const policy = await policyRef(db, policyId);
  if (!policy) throw notFound('policy');
  if (!(await mayAccessPolicy(db, principal, policy))) {
    await request.audit({ action: 'access', outcome: 'denied', reason: 'not-owner', recordType: 'policy', recordIds: [policyId], actingForHouseholdId: policy.householdId });
    throw forbidden();
  }
  return policy;
}

/** Whether `principal` may see (and, with the matching role action, act on) this household's records. */
export async function mayAccessHousehold(db: Database, principal: Principal, householdId: string): Promise<boolean> {
  switch (principal.kind) {
    case 'member':
    case 'guest':
      return principal.householdId === householdId;
    case 'staff':
      return canSearchMembers(principal);
    case 'broker':
    case 'asserted': {
      const brokerId = principal.brokerId;
      const named = principal.kind === 'asserted' ? principal.policyIds.filter(isUuid) : [];
      const conditions = [
        ...(brokerId ? [eq(policies.brokerId, brokerId)] : []),
        ...(named.length > 0 ? [inArray(policies.id, named)] : []),
      ];
      if (conditions.length === 0) return false;
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(households)
        .where(
          and(
            eq(households.id, householdId),
            exists(db.select({ one: sql`1` }).from(policies).where(and(eq(policies.householdId, householdId), or(...conditions)))),
          ),
        );
      return row !== undefined;
    }
  }
}

/** Checks the caller may access this household (see the rules above); audits refusals. */
export async function authorizeHousehold(request: FastifyRequest, db: Database, householdId: string): Promise<void> {
  const principal = requirePrincipal(request);
  const [household] = isUuid(householdId)
    ? await db.select({ id: households.id }).from(households).where(eq(households.id, householdId))
    : [];
  if (!household) throw notFound('household');
  if (!(await mayAccessHousehold(db, principal, householdId))) {
    await request.audit({ action: 'access', outcome: 'denied', reason: 'not-owner', recordType: 'household', recordIds: [householdId], actingForHouseholdId: householdId });
    throw forbidden();
  }
}

/** Audits a refusal and gives the 403 to throw. */
async function refuse(request: FastifyRequest, recordType: string, recordIds: string[], householdId: string | null): Promise<HttpProblem> {
  await request.audit({ action: 'access', outcome: 'denied', reason: 'not-owner', recordType, recordIds, actingForHouseholdId: householdId });
  return forbidden();
}

/** Of these policies, the ones the caller may see (in no particular order); unknown ids are left out. */
export async function accessiblePolicyIds(db: Database, principal: Principal, policyIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(policyIds)].filter(isUuid);
  if (wanted.length === 0) return [];
  const refs = await db
    .select({ id: policies.id, householdId: policies.householdId, brokerId: policies.brokerId, subscriberMemberId: policies.subscriberMemberId })
    .from(policies)
    .where(inArray(policies.id, wanted));
  const allowed = await Promise.all(refs.map((ref) => mayAccessPolicy(db, principal, ref)));
  return refs.filter((_, index) => allowed[index]).map((ref) => ref.id);
}

export interface DocumentRef {
  id: string;
  householdId: string | null;
  policyId: string | null;
}

/**
 * A document is the caller's when its policy is (a policy's invoice, notice, tax form), else when its
 * household is (a household notice). Documents not visible in the portal (SPEC §3 notices `portal`)
 * do not exist for the API: 404.
 */
export async function authorizeDocument(request: FastifyRequest, db: Database, documentId: string): Promise<DocumentRef> {
  const principal = requirePrincipal(request);
  const [document] = isUuid(documentId)
    ? await db
        .select({ id: documents.id, householdId: documents.householdId, policyId: documents.policyId, portal: documents.portal })
        .from(documents)
        .where(eq(documents.id, documentId))
    : [];
  if (document?.portal !== 'visible') throw notFound('document');
  let allowed = false;
  if (document.policyId !== null) {
    const policy = await policyRef(db, document.policyId);
    allowed = policy !== undefined && (await mayAccessPolicy(db, principal, policy));
  } else if (document.householdId !== null) {
    allowed = await mayAccessHousehold(db, principal, document.householdId);
  }
  if (!allowed) throw await refuse(request, 'document', [documentId], document.householdId);
  return { id: document.id, householdId: document.householdId, policyId: document.policyId };
}

/**
 * SPEC §9 notification drawer: the household whose notifications the caller lists and counts. Only a
 * member has one; guests, staff, brokers and asserted sessions get an empty list (the guest role has no
 * /notification page in role-config, and SPEC §8 wants no error page for the drawer).
 */
export function notificationInbox(principal: Principal): string | null {
  return principal.kind === 'member' ? principal.householdId : null;
}

export interface NotificationRef {
  id: string;
  householdId: string;
}

/**
 * Checks every notification exists (404 otherwise) and is the caller's (403 otherwise, naming none of
 * them as done): all or nothing. Reading one follows its household's rule, except for guests (no
 * notification pages). Marking read (SPEC §4) is the household's own member's: role-config gives the
 * `mark-notifications-read` action to members only, and staff or a broker opening a member's message
 * must not clear the member's unread badge.
 */
export async function authorizeNotifications(
  request: FastifyRequest,
  db: Database,
  notificationIds: readonly string[],
  purpose: 'read' | 'mark-read',
): Promise<NotificationRef[]> {
  const principal = requirePrincipal(request);
  const wanted = [...new Set(notificationIds)];
  const rows = wanted.every(isUuid)
    ? await db.select({ id: notifications.id, householdId: notifications.householdId }).from(notifications).where(inArray(notifications.id, wanted))
    : [];
  if (rows.length !== wanted.length) throw notFound('notification');
  const householdIds = [...new Set(rows.map((row) => row.householdId))];
  const allowedHouseholds = new Set<string>();
  for (const householdId of householdIds) {
    const allowed =
      purpose === 'mark-read'
        ? notificationInbox(principal) === householdId
        : principal.kind !== 'guest' && (await mayAccessHousehold(db, principal, householdId));
    if (allowed) allowedHouseholds.add(householdId);
  }
  const denied = rows.filter((row) => !allowedHouseholds.has(row.householdId));
  if (denied.length > 0) throw await refuse(request, 'notification', denied.map((row) => row.id), denied[0]?.householdId ?? null);
  return rows;
}

/**
 * A wallet (SPEC §7 `POST v1/Wallet/{referenceId}`) follows its household's rule, except that brokers
 * see none: their book of business is policies, and role-config gives brokers neither wallet pages nor
 * payment actions. For the same reason an asserted session reaches a wallet through the policies its
 * assertion names, not through a broker id.
 */
export async function authorizeWallet(request: FastifyRequest, db: Database, referenceId: string): Promise<{ id: string; householdId: string }> {
  const principal = requirePrincipal(request);
  const [wallet] = await db.select({ id: wallets.id, householdId: wallets.householdId }).from(wallets).where(eq(wallets.referenceId, referenceId));
  if (!wallet) throw notFound('wallet');
  let allowed: boolean;
  switch (principal.kind) {
    // A guest pays with a card or account entered for that payment: the household's saved methods
    // (holder names, billing addresses, emails) are not theirs to see. Brokers have no payment role.
    case 'broker':
    case 'guest':
      allowed = false;
      break;
    case 'asserted':
      allowed = await mayAccessHousehold(db, { ...principal, brokerId: null }, wallet.householdId);
      break;
    case 'member':
    case 'staff':
      allowed = await mayAccessHousehold(db, principal, wallet.householdId);
      break;
  }
  if (!allowed) throw await refuse(request, 'wallet', [wallet.id], wallet.householdId);
  return wallet;
}

export interface MemberRef {
  id: string;
  householdId: string | null;
  /** The policies the member is (or was) on that the caller may see. */
  policyIds: string[];
}

/**
 * A member (SPEC §7 `GET v1/Member/2/{folderId}`) is the caller's to see when the caller may see a
 * policy the member is on, or the member's household; only those policies are shown.
 */
export async function authorizeMember(request: FastifyRequest, db: Database, folderId: string): Promise<MemberRef> {
  const principal = requirePrincipal(request);
  const [member] = await db.select({ id: members.id, householdId: members.householdId }).from(members).where(eq(members.folderId, folderId));
  if (!member) throw notFound('member');
  const onPolicies = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      or(
        eq(policies.subscriberMemberId, member.id),
        exists(db.select({ one: sql`1` }).from(memberSpans).where(and(eq(memberSpans.policyId, policies.id), eq(memberSpans.memberId, member.id)))),
      ),
    );
  const policyIds = await accessiblePolicyIds(db, principal, onPolicies.map((row) => row.id));
  const householdVisible = member.householdId !== null && (await mayAccessHousehold(db, principal, member.householdId));
  if (policyIds.length === 0 && !householdVisible) throw await refuse(request, 'member', [member.id], member.householdId);
  return { ...member, policyIds };
}
