import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ActingSessionEndResponseSchema,
  ActingSessionSchema,
  ActingSessionStartRequestSchema,
  ProblemSchema,
  ProblemType,
} from '@portal/contracts';
import { canSearchMembers, requirePrincipal } from '../../auth/access';
import { auditRole, type StaffPrincipal } from '../../auth/principal';
import { HttpProblem } from '../../plugins/errors';
import { endSession, insertSession, resolveTarget, sessionView } from './service';

/** Only staff who may act for members (role-config permission `member-search`); anyone else 403, audited. */
async function requireActingStaff(request: FastifyRequest, action: string): Promise<StaffPrincipal> {
  const principal = requirePrincipal(request);
  if (canSearchMembers(principal)) return principal;
  await request.audit({ action, outcome: 'denied', reason: 'no-permission' });
  throw new HttpProblem(
    403,
    ProblemType.forbidden,
    'Not allowed',
    'Acting for members needs the member-search permission (issuer staff).',
  );
}

const alreadyActing = () =>
  new HttpProblem(
    409,
    ProblemType.actingSessionActive,
    'Already acting for a member',
    'End the acting session under way (POST /api/v1/staff/acting-session/end) before acting for another member.',
  );

/**
 * Issue 33 item 14 (docs/decisions/043): staff start acting for one member — chosen from the find-a-member
 * results, with a reason — and end it. The session under way is in `GET /api/v1/session`.
 */
export const actingSessionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const idleSeconds = app.tenant.account.session.actingIdleSeconds;

  app.post(
    '/v1/staff/acting-session',
    {
      schema: {
        tags: ['staff'],
        summary: 'Start acting for a member (staff with member-search)',
        description:
          'Issue 33 item 14. Staff read and change a member’s records only inside an acting session for that member: their household (`householdId`), or for policies that belong to no household one of their policies (`policyId`), found by `POST /api/v1/staff/member-search`, or the member a request of the staff queue is from (`serviceRequestId`); `memberId` is the member chosen (else the subscriber). `reason` is required (`member-called`, `member-wrote`, `correcting-record`, `service-request`, `other`), and so is `note` (at most 200 characters) when the reason is `other`. One at a time: 409 `acting-session-active` while one is under way. It ends with `POST /api/v1/staff/acting-session/end`, at sign-out, or after the tenant’s idle time (`session.actingIdleSeconds`) without a call. Started and ended in the same transaction as their audit rows; every audit row written while it is under way names it.',
        body: ActingSessionStartRequestSchema,
        response: {
          201: ActingSessionSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const principal = await requireActingStaff(request, 'acting.start');
      if (principal.acting !== null) {
        await request.audit({ action: 'acting.start', outcome: 'denied', reason: 'already-acting' });
        throw alreadyActing();
      }
      const db = app.database.db;
      const target = await resolveTarget(db, request.body);
      const sessionId = await db.transaction(async (tx) => {
        const id = await insertSession(
          tx,
          { subject: principal.subject, role: auditRole(principal) },
          target,
          request.body,
        );
        if (id === null) return null;
        await request.audit(
          {
            action: 'acting.start',
            outcome: 'success',
            // The reason's code; the free text stays in the session's row, not in the log.
            reason: request.body.reason,
            recordType: 'acting-session',
            recordIds: [id, ...(target.memberId ? [`member:${target.memberId}`] : [])],
            actingForHouseholdId: target.householdId,
            actingSessionId: id,
          },
          tx,
        );
        return id;
      });
      if (sessionId === null) {
        await request.audit({ action: 'acting.start', outcome: 'denied', reason: 'already-acting' });
        throw alreadyActing();
      }
      const view = await sessionView(db, sessionId, idleSeconds);
      if (!view) throw new Error('acting session vanished');
      // A change of privilege: the web session gets a new id (docs/decisions/050).
      await app.webSessions.rotate(request, reply);
      return reply.status(201).send(view);
    },
  );

  app.post(
    '/v1/staff/acting-session/end',
    {
      schema: {
        tags: ['staff'],
        summary: 'End acting for a member',
        description:
          'Issue 33 item 14. Ends the caller’s acting session under way (audited in the same transaction): every later call on that member’s records is refused 403 `acting-session-required`. Answers the session that ended, or `null` when none was under way (ending twice is not an error). Staff with member-search only.',
        response: { 200: ActingSessionEndResponseSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request, reply) => {
      const principal = await requireActingStaff(request, 'acting.end');
      const acting = principal.acting;
      if (acting === null) return { ended: null };
      const db = app.database.db;
      const view = await sessionView(db, acting.sessionId, idleSeconds);
      await db.transaction(async (tx) => {
        if (!(await endSession(tx, acting.sessionId))) return;
        await request.audit(
          {
            action: 'acting.end',
            outcome: 'success',
            reason: 'ended',
            recordType: 'acting-session',
            recordIds: [acting.sessionId],
            actingForHouseholdId: acting.householdId,
            actingSessionId: acting.sessionId,
          },
          tx,
        );
      });
      await app.webSessions.rotate(request, reply);
      return { ended: view };
    },
  );
  done();
};
