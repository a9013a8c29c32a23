import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ActingSession, ActingSessionStartRequest } from '@portal/contracts';
import { isUuid, notFound } from '../../auth/access';
import type { Database, Executor } from '../../db/client';
import { actingSessions, households, members, memberSpans, policies, serviceRequests } from '../../db/schema';
import { scrubString } from '../../lib/redact';
import { ruleViolation } from '../../plugins/command';

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

/** The policies a target covers, as a condition on `policies`. */
const policiesOf = (target: Pick<ActingTarget, 'householdId' | 'subscriberMemberId'>) =>
  target.householdId !== null
    ? eq(policies.householdId, target.householdId)
    : and(
        isNull(policies.householdId),
        eq(policies.subscriberMemberId, target.subscriberMemberId ?? '00000000-0000-0000-0000-000000000000'),
      );

/** Whether the member belongs to the target: of its household, its subscriber, or covered by one of its policies. */
async function memberBelongs(db: Database, memberId: string, target: ActingTarget): Promise<boolean> {
  if (!isUuid(memberId)) return false;
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.id, memberId),
        or(
          ...(target.householdId !== null ? [eq(members.householdId, target.householdId)] : []),
          exists(
            db
              .select({ one: sql`1` })
              .from(policies)
              .where(and(eq(policies.subscriberMemberId, members.id), policiesOf(target))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(memberSpans)
              .innerJoin(policies, eq(policies.id, memberSpans.policyId))
              .where(and(eq(memberSpans.memberId, members.id), policiesOf(target))),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The subscriber of the target's first policy: whom the session names when no member was chosen. */
async function subscriberOf(db: Database, target: ActingTarget): Promise<string | null> {
  const [row] = await db
    .select({ id: policies.subscriberMemberId })
    .from(policies)
    .where(policiesOf(target))
    .orderBy(asc(policies.createdAt))
    .limit(1);
  if (row) return row.id;
  if (target.householdId === null) return target.subscriberMemberId;
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.householdId, target.householdId))
    .orderBy(asc(members.createdAt))
    .limit(1);
  return member?.id ?? null;
}

/**
 * The member a start request names: its household (404 unknown), or its policy — the policy's household,
 * or for a policy without one its subscriber's loose policies. A member named must belong to it (422).
 */
export async function resolveTarget(db: Database, body: ActingSessionStartRequest): Promise<ActingTarget> {
  let target: ActingTarget;
  if (body.householdId === undefined && body.policyId === undefined && body.serviceRequestId !== undefined) {
    // The member a queued service request is from: its household.
    const [request] = await db
      .select({ householdId: serviceRequests.householdId })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, body.serviceRequestId));
    if (!request) throw notFound('service request');
    target = { householdId: request.householdId, subscriberMemberId: null, policyId: null, memberId: null };
  } else if (body.householdId !== undefined) {
    const [household] = isUuid(body.householdId)
      ? await db.select({ id: households.id }).from(households).where(eq(households.id, body.householdId))
      : [];
    if (!household) throw notFound('household');
    target = { householdId: household.id, subscriberMemberId: null, policyId: null, memberId: null };
  } else {
    const policyId = body.policyId ?? '';
    const [policy] = isUuid(policyId)
      ? await db
          .select({
            id: policies.id,
            householdId: policies.householdId,
            subscriberMemberId: policies.subscriberMemberId,
          })
          .from(policies)
          .where(eq(policies.id, policyId))
      : [];
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
  if (body.memberId !== undefined) {
    if (!(await memberBelongs(db, body.memberId, target))) {
      throw ruleViolation(
        'body.memberId',
        'member-not-in-household',
        'This member is not on the household or policy named.',
      );
    }
    return { ...target, memberId: body.memberId };
  }
  return { ...target, memberId: await subscriberOf(db, target) };
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
      firstName: members.firstName,
      lastName: members.lastName,
      reason: actingSessions.reason,
      note: actingSessions.note,
      startedAt: actingSessions.startedAt,
      lastUsedAt: actingSessions.lastUsedAt,
    })
    .from(actingSessions)
    .leftJoin(members, eq(members.id, actingSessions.memberId))
    .where(eq(actingSessions.id, sessionId));
  if (!row) return null;
  // How the banner names the member besides their name: an Exchange Subscriber ID, else a policy number.
  const known = await db
    .select({ exchangeSubscriberId: policies.exchangeSubscriberId, policyNumber: policies.policyNumber })
    .from(policies)
    .where(policiesOf(row))
    .orderBy(asc(policies.createdAt));
  const label =
    known.find((policy) => policy.exchangeSubscriberId)?.exchangeSubscriberId ??
    known[0]?.policyNumber ??
    null;
  return {
    id: row.id,
    householdId: row.householdId,
    policyId: row.policyId,
    memberId: row.memberId,
    memberName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
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
