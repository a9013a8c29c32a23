import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ActingSession, ActingSessionStartRequest } from '@portal/contracts';
import { isUuid, notFound } from '../../auth/access';
import type { Database, Executor } from '../../db/client';
import { actingSessions } from '../../db/schema';
import { scrubString } from '../../lib/redact';
import { ruleViolation } from '../../plugins/command';
import { householdById } from '../household/service';
import { firstMemberOfHousehold, memberBelongsTo, memberFullNameOf } from '../member/service';
import { actingTargetPolicies, policyFacts } from '../policy/service';
import { householdOfServiceRequest } from '../service-request/service';

/**
 * Acting for a member (issue 33 item 14; docs/decisions/043): what an acting session covers, starting
 * and ending one, and how its staff user sees it.
 */

/** Whom a session acts for: a household, or for policies without one their subscriber (and the policy opened). */
export interface ActingTarget {
  householdId: string | null;
  subscriberMemberId: string | null;
  policyId: string | null;
  memberId: string | null;
}

type TargetPolicies = Awaited<ReturnType<typeof actingTargetPolicies>>;

/** Whether the member belongs to the target: of its household, its subscriber, or covered by one of its policies. */
async function memberBelongs(
  db: Database,
  memberId: string,
  target: ActingTarget,
  targetPolicies: TargetPolicies,
): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  return memberBelongsTo(db, memberId, {
    householdId: target.householdId,
    policyIds: targetPolicies.map((policy) => policy.id),
    subscriberIds: targetPolicies.map((policy) => policy.subscriberMemberId),
  });
}

/** The subscriber of the target's first policy: whom the session names when no member was chosen. */
async function subscriberOf(
  db: Database,
  target: ActingTarget,
  targetPolicies: TargetPolicies,
): Promise<string | null> {
  const [first] = targetPolicies;
  if (first) return first.subscriberMemberId;
  if (target.householdId === null) return target.subscriberMemberId;
  return firstMemberOfHousehold(db, target.householdId);
}

/**
 * The member a start request names: its household (404 unknown), or its policy — the policy's household,
 * or for a policy without one its subscriber's loose policies. A member named must belong to it (422).
 */
export async function resolveTarget(db: Database, body: ActingSessionStartRequest): Promise<ActingTarget> {
  let target: ActingTarget;
  if (body.householdId === undefined && body.policyId === undefined && body.serviceRequestId !== undefined) {
    // The member a queued service request is from: its household.
    const householdId = await householdOfServiceRequest(db, body.serviceRequestId);
    if (householdId === null) throw notFound('service request');
    target = { householdId, subscriberMemberId: null, policyId: null, memberId: null };
  } else if (body.householdId !== undefined) {
    const household = isUuid(body.householdId) ? await householdById(db, body.householdId) : undefined;
    if (!household) throw notFound('household');
    target = { householdId: household.id, subscriberMemberId: null, policyId: null, memberId: null };
  } else {
    const policyId = body.policyId ?? '';
    const policy = isUuid(policyId) ? await policyFacts(db, policyId) : undefined;
    if (!policy) throw notFound('policy');
    target =
      policy.householdId !== null
        ? { householdId: policy.householdId, subscriberMemberId: null, policyId: null, memberId: null }
        : {
            householdId: null,
            subscriberMemberId: policy.subscriberMemberId,
            policyId: policy.id,
            memberId: null,
          };
  }
  const targetPolicies = await actingTargetPolicies(db, target);
  if (body.memberId !== undefined) {
    if (!(await memberBelongs(db, body.memberId, target, targetPolicies))) {
      throw ruleViolation(
        'body.memberId',
        'member-not-in-household',
        'This member is not on the household or policy named.',
      );
    }
    return { ...target, memberId: body.memberId };
  }
  return { ...target, memberId: await subscriberOf(db, target, targetPolicies) };
}

/** Inserts the session (the caller audits it in the same transaction); null when one is open already. */
export async function insertSession(
  tx: Executor,
  staff: { subject: string; role: string },
  target: ActingTarget,
  body: Pick<ActingSessionStartRequest, 'reason' | 'note'>,
): Promise<string | null> {
  const note = body.note?.trim() ? scrubString(body.note.trim()) : null;
  const [row] = await tx
    .insert(actingSessions)
    .values({
      staffSubject: staff.subject,
      staffRole: staff.role,
      householdId: target.householdId,
      subscriberMemberId: target.subscriberMemberId,
      policyId: target.policyId,
      memberId: target.memberId,
      reason: body.reason,
      note,
    })
    // The partial unique index: at most one open session per staff user (two starts at once: one wins).
    .onConflictDoNothing({ target: actingSessions.staffSubject, where: sql`ended_at is null` })
    .returning({ id: actingSessions.id });
  return row?.id ?? null;
}

/** Ends the session if it is still open; true when this call ended it. */
export async function endSession(tx: Executor, sessionId: string): Promise<boolean> {
  const ended = await tx
    .update(actingSessions)
    .set({ endedAt: sql`now()`, endReason: 'ended' })
    .where(and(eq(actingSessions.id, sessionId), isNull(actingSessions.endedAt)))
    .returning({ id: actingSessions.id });
  return ended.length > 0;
}

/** The session as its staff user sees it: whom (name and how they are known), why, since when, until when. */
export async function sessionView(
  db: Executor,
  sessionId: string,
  idleSeconds: number,
): Promise<ActingSession | null> {
  const [row] = await db
    .select({
      id: actingSessions.id,
      householdId: actingSessions.householdId,
      subscriberMemberId: actingSessions.subscriberMemberId,
      policyId: actingSessions.policyId,
      memberId: actingSessions.memberId,
      memberName: memberFullNameOf(actingSessions.memberId),
      reason: actingSessions.reason,
      note: actingSessions.note,
      startedAt: actingSessions.startedAt,
      lastUsedAt: actingSessions.lastUsedAt,
    })
    .from(actingSessions)
    .where(eq(actingSessions.id, sessionId));
  if (!row) return null;
  // How the banner names the member besides their name: an Exchange Subscriber ID, else a policy number.
  const known = await actingTargetPolicies(db, row);
  const label =
    known.find((policy) => policy.exchangeSubscriberId)?.exchangeSubscriberId ??
    known[0]?.policyNumber ??
    null;
  return {
    id: row.id,
    householdId: row.householdId,
    policyId: row.policyId,
    memberId: row.memberId,
    memberName: row.memberName === null ? null : row.memberName.trim(),
    label,
    reason: row.reason,
    note: row.note,
    startedAt: row.startedAt.toISOString(),
    idleExpiresAt: new Date(row.lastUsedAt.getTime() + idleSeconds * 1000).toISOString(),
  };
}

// --- reads for audit ---

/** Why each of these acting sessions was started, by session id (unknown ids are left out). */
export async function actingReasonsOf(
  db: Executor,
  sessionIds: readonly string[],
): Promise<Map<string, (typeof actingSessions.$inferSelect)['reason']>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: actingSessions.id, reason: actingSessions.reason })
    .from(actingSessions)
    .where(inArray(actingSessions.id, [...sessionIds]));
  return new Map(rows.map((row) => [row.id, row.reason]));
}
