import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditRole, type Principal } from '../auth/principal';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import { scrubString } from '../lib/redact';
import { AUDIT_BATCH_SQL, AuditBatcher } from './audit-batch';

export type AuditOutcome = 'success' | 'denied' | 'failure';

export interface AuditEntry {
  /** What happened: `read`, `create`, `update`, `delete`, `auth.sign-in`, `auth.refused`, `rate-limited`, … */
  action: string;
  outcome: AuditOutcome;
  recordType?: string;
  recordIds?: string[];
  /** The household whose records were touched. */
  actingForHouseholdId?: string | null;
  /** Why it was refused or failed (a code, never data). */
  reason?: string;
  /** Who, when there is no principal yet (a sign-in attempt): an account id or a username's hash. */
  actor?: { subject: string | null; role: string | null };
  /**
   * The acting session the row belongs to (docs/decisions/043). By default the staff caller's session
   * under way, for rows about its household or about no household; given by the rows that start one.
   */
  actingSessionId?: string | null;
}

/**
 * The acting session an audit row of this caller belongs to: staff acting for a member, writing about
 * that member's household (or about no household: a search made while helping them). A refusal about
 * another household is not part of the session.
 */
function actingSessionOf(principal: Principal | null, entry: AuditEntry): string | null {
  if (entry.actingSessionId !== undefined) return entry.actingSessionId;
  if (principal?.kind !== 'staff' || principal.acting === null) return null;
  const household = entry.actingForHouseholdId ?? null;
  return household === null || household === principal.acting.householdId ? principal.acting.sessionId : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /**
     * Writes one audit record for this request: who (the principal), what, when, outcome, from where.
     * Given a transaction, the record commits or rolls back with the change it describes.
     */
    audit(entry: AuditEntry, executor?: Executor): Promise<void>;
  }
}

/**
 * An audit record for work the portal does on its own (the billing day's jobs): the actor is the job,
 * written in the caller's transaction like every change.
 */
export async function auditSystem(executor: Executor, entry: AuditEntry & { job: string }): Promise<void> {
  await auditSystemMany(executor, [entry]);
}

/** {@link auditSystem} for many records in one statement (a job's batch). */
export async function auditSystemMany(
  executor: Executor,
  entries: readonly (AuditEntry & { job: string })[],
): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(auditLog).values(
    entries.map((entry) => ({
      actorSubject: `job:${entry.job}`,
      actorRole: 'system',
      actingForHouseholdId: entry.actingForHouseholdId ?? null,
      action: entry.action,
      route: `job ${entry.job}`,
      recordType: entry.recordType ?? null,
      recordIds: entry.recordIds ?? null,
      outcome: entry.outcome,
      reason: entry.reason ?? null,
      ip: null,
      userAgent: null,
      requestId: null,
    })),
  );
}

/**
 * An audit record for a change a file brings (the X12 834 import, decision 051): the actor is whoever
 * sent the file (the issuer's system client, the CLI, the drop folder), the source names the file and the
 * place in it (file, interchange, set and segment). Written in the caller's transaction like every change.
 */
export async function auditFileChange(
  executor: Executor,
  entry: AuditEntry & { actor: { subject: string; role: string }; source: string },
): Promise<void> {
  await executor.insert(auditLog).values({
    actorSubject: entry.actor.subject,
    actorRole: entry.actor.role,
    actingForHouseholdId: entry.actingForHouseholdId ?? null,
    action: entry.action,
    route: entry.source,
    recordType: entry.recordType ?? null,
    recordIds: entry.recordIds ?? null,
    outcome: entry.outcome,
    reason: entry.reason ?? null,
  });
}

/**
 * The audit log: reads of member data, every change, sign-ins and refusals. It records ids and codes,
 * never health data. Refusals are also logged as security events. A record given a transaction is
 * written in it (it commits or rolls back with the change); the others go through the group commit of
 * {@link AuditBatcher}: the request waits until its row has committed (docs/decisions/035).
 */
export const auditPlugin = fp(
  (app: FastifyInstance) => {
    const batcher = new AuditBatcher(async (rows) => {
      await app.database.executeSql(AUDIT_BATCH_SQL, [JSON.stringify(rows)], 'audit_log_batch');
    });
    app.decorateRequest('principal', null);
    app.decorateRequest(
      'audit',
      async function audit(this: FastifyRequest, entry: AuditEntry, executor?: Executor): Promise<void> {
        const principal = this.principal;
        const actor = entry.actor ?? {
          subject: principal?.subject ?? null,
          role: principal ? auditRole(principal) : null,
        };
        if (entry.outcome !== 'success') {
          this.log.warn(
            {
              security: true,
              action: entry.action,
              outcome: entry.outcome,
              reason: entry.reason,
              actor: actor.subject,
              route: this.routeOptions.url,
            },
            'security event',
          );
        }
        const route = `${this.method} ${this.routeOptions.url ?? this.url.split('?')[0] ?? ''}`;
        // A client chooses its User-Agent: scrubbed like any free text (a token planted there stays out).
        const userAgent =
          this.headers['user-agent'] === undefined
            ? null
            : scrubString(this.headers['user-agent']).slice(0, 300);
        const actingSessionId = actingSessionOf(principal, entry);
        if (executor === undefined) {
          await batcher.add({
            actor_subject: actor.subject,
            actor_role: actor.role,
            acting_for_household_id: entry.actingForHouseholdId ?? null,
            action: entry.action,
            route,
            record_type: entry.recordType ?? null,
            record_ids: entry.recordIds ?? null,
            outcome: entry.outcome,
            reason: entry.reason ?? null,
            ip: this.ip,
            user_agent: userAgent,
            request_id: this.id,
            acting_session_id: actingSessionId,
          });
          return;
        }
        await executor.insert(auditLog).values({
          actorSubject: actor.subject,
          actorRole: actor.role,
          actingForHouseholdId: entry.actingForHouseholdId ?? null,
          action: entry.action,
          route,
          recordType: entry.recordType ?? null,
          recordIds: entry.recordIds ?? null,
          outcome: entry.outcome,
          reason: entry.reason ?? null,
          ip: this.ip,
          userAgent,
          requestId: this.id,
          actingSessionId,
        });
      },
    );
    // Every request waits for its own row, so once in-flight requests have finished nothing is queued;
    // this runs before the database closes (hooks close in reverse order) in case anything still is.
    app.addHook('onClose', async () => {
      await batcher.drain();
    });
  },
  { name: 'audit', dependencies: ['db'] },
);
