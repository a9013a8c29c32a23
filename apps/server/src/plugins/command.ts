import type { FastifyRequest } from 'fastify';
import { ProblemType } from '@portal/contracts';
import { requireAction } from '../auth/actions';
import type { Principal } from '../auth/principal';
import type { Database, Transaction } from '../db/client';
import { enqueueEvents, type OutboxEventInput } from '../outbox/events';
import type { AuditOutcome } from './audit';
import { HttpProblem } from './errors';

/**
 * The write path (docs/decisions/014): every command of the API runs through `runCommand`, in this order:
 *
 * 1. the route has already parsed its input with the contract's zod schema (400 with field errors);
 * 2. action authorization: the caller's roles must grant `action` (role-config, SPEC §6) — 403, audited;
 * 3. record access: `authorize` loads the records the command touches and checks they are the caller's
 *    (auth/access: 404 unknown, 403 not yours — audited);
 * 4. (`prepare`: idempotent work outside the transaction, e.g. a processor charge, so that no database
 *    lock is held across a network call;)
 *    one database transaction holds the change, its audit row and its outbox events: if any of them
 *    fails, none is kept; a refusal thrown by the change (an HttpProblem) is audited as a failure
 *    after the rollback, so a change that fails never leaves an audit of success;
 * 5. errors leave as problem+json (plugins/errors.ts), with field-level `errors` where a field is at fault.
 */

export interface CommandAudit {
  /** The audited action, when it should be more precise than the role action (`wallet.add-card`). */
  action?: string;
  recordType: string;
  recordIds: string[];
  /** Defaults to success; a recorded refusal (a declined payment) is a failure with a reason. */
  outcome?: AuditOutcome;
  reason?: string;
}

export interface CommandOutcome<Result> {
  result: Result;
  audit: CommandAudit;
  /** Events for the outbox, written in the same transaction. */
  events?: OutboxEventInput[];
  /**
   * A refusal whose record must still be kept (a declined payment is history too): the transaction
   * commits, then this problem is the answer.
   */
  refusal?: HttpProblem;
}

export interface CommandContext<Ref, Prepared = undefined> {
  principal: Principal;
  ref: Ref;
  /** What `prepare` gave (work done before the transaction, such as a processor charge). */
  prepared: Prepared;
}

export interface CommandSpec<Ref, Result, Prepared = undefined> {
  /** The role-config action the caller's roles must grant (`make-payment`, `manage-wallet`, …). */
  action: string;
  /** Record access (auth/access): loads and checks what the command touches; audits refusals itself. */
  authorize: (db: Database, principal: Principal) => Promise<Ref>;
  /** The household whose records change (the audit's "acting for"). */
  householdOf: (ref: Ref) => string | null;
  /**
   * Work outside the transaction, after both checks: a call to another system (a processor charge)
   * is not made while holding database locks. It must be idempotent itself (a retry repeats it).
   */
  prepare?: (db: Database, context: { principal: Principal; ref: Ref }) => Promise<Prepared>;
  /** The change, inside the transaction. */
  execute: (tx: Transaction, context: CommandContext<Ref, Prepared>) => Promise<CommandOutcome<Result>>;
  /**
   * Whether a change made by staff or a broker for the household is announced to the member (issue 13,
   * the default): false only for a command whose own events already tell the member who acted.
   */
  notifyMember?: boolean;
}

/** Who acted for the member, as the `changedForYou` notification names them. */
type ActingParty = 'staff' | 'broker';

/** Staff and brokers act for members; members, guests and asserted sessions act for themselves. */
const actingParty = (principal: Principal): ActingParty | null =>
  principal.kind === 'staff' ? 'staff' : principal.kind === 'broker' ? 'broker' : null;

/**
 * Issue 13: a change someone else made to a member's records is told to the member in their
 * notifications — one generic event for every command, naming the kind of action (the role action), who
 * (customer service or their broker) and the day; never what was changed (the command's own events say
 * that). The audit row beside it names the staff user (actor subject and role) and the household.
 */
function changedForYou(
  principal: Principal,
  action: string,
  householdId: string | null,
  today: () => string,
): OutboxEventInput[] {
  const party = actingParty(principal);
  if (party === null || householdId === null) return [];
  return [
    {
      type: 'account.changed-for-you',
      householdId,
      payload: { actor: party, actionKind: action, changedDate: today() },
    },
  ];
}

const reasonOf = (error: unknown): string =>
  error instanceof HttpProblem
    ? (error.auditReason ?? error.type.replace('urn:portal:problem:', ''))
    : 'error';

/** Runs one command through the write path (see above) and returns its result. */
export async function runCommand<Ref, Result, Prepared = undefined>(
  request: FastifyRequest,
  spec: CommandSpec<Ref, Result, Prepared>,
): Promise<Result> {
  const principal = await requireAction(request, spec.action);
  const db = request.server.database.db;
  const ref = await spec.authorize(db, principal);
  const householdId = spec.householdOf(ref);
  let outcome: CommandOutcome<Result>;
  try {
    const prepared = (spec.prepare ? await spec.prepare(db, { principal, ref }) : undefined) as Prepared;
    outcome = await db.transaction(async (tx) => {
      const done = await spec.execute(tx, { principal, ref, prepared });
      await request.audit(
        {
          action: done.audit.action ?? spec.action,
          outcome: done.audit.outcome ?? 'success',
          recordType: done.audit.recordType,
          recordIds: done.audit.recordIds,
          actingForHouseholdId: householdId,
          ...(done.audit.reason ? { reason: done.audit.reason } : {}),
        },
        tx,
      );
      const told =
        spec.notifyMember === false || done.refusal
          ? []
          : changedForYou(principal, spec.action, householdId, () => request.server.today());
      const events = [...(done.events ?? []), ...told];
      await enqueueEvents(tx, events);
      return { ...done, events };
    });
  } catch (error) {
    // The transaction rolled back: record that the command was tried and failed (never its success).
    await request
      .audit({
        action: spec.action,
        outcome: 'failure',
        reason: reasonOf(error),
        actingForHouseholdId: householdId,
      })
      .catch((auditError: unknown) => {
        request.log.error({ err: auditError }, 'could not audit a failed command');
      });
    throw error;
  }
  if ((outcome.events?.length ?? 0) > 0) request.server.outbox.nudge();
  if (outcome.refusal) throw outcome.refusal;
  return outcome.result;
}

/** A business rule refused the change: 422 with the field at fault, translated by the web from `code`. */
export function ruleViolation(
  field: string,
  code: string,
  reason: string,
  params?: Record<string, string | number>,
): HttpProblem {
  return new HttpProblem(422, ProblemType.unprocessable, 'Not possible', reason, [
    { field, reason, code, ...(params ? { params } : {}) },
  ]);
}
