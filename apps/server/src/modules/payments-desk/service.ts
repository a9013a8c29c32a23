import type { FastifyRequest } from 'fastify';
import { ProblemType, type FailedWork, type RetryResult } from '@portal/contracts';
import { authorizePolicy, isUuid, notFound } from '../../auth/access';
import type { Database } from '../../db/client';
import { runCommand, ruleViolation } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { failedRunOf, failedRuns, rescheduleFailedRun } from '../autopay/service';
import { failedScheduledPayments } from '../scheduled-payment/service';

/**
 * Issue 13 payments desk, the billing day's failed work (docs/decisions/021, 031): the queue's failed
 * billing days, the autopay months that failed and the scheduled payments the processor declined, and
 * the retries staff may start. A retry never charges twice: a failed billing day goes back to the queue
 * (its steps claim their rows), a failed autopay month becomes due again under a new attempt — a new
 * processor key — only while it is still failed, and its amount is decided afresh (nothing owed, nothing
 * charged). A declined scheduled payment is not retried here: the processor answers its key with the
 * first decline; staff pay it for the member (acting for them) with a method that works.
 */

export const RETRY_ACTION = 'retry-failed-jobs';
const LIMIT = 50;

export async function failedWork(request: FastifyRequest, db: Database): Promise<FailedWork> {
  const [jobs, runs, scheduled] = await Promise.all([
    request.server.jobs.failedJobs(LIMIT),
    failedRuns(db, LIMIT),
    failedScheduledPayments(db, LIMIT),
  ]);
  return {
    // A queue still (re)starting is not running here yet: staff see it as down.
    queue: request.server.jobs.status === 'starting' ? 'down' : request.server.jobs.status,
    jobs: jobs.map((job) => ({ ...job, failedAt: job.failedAt?.toISOString() ?? null })),
    autopayRuns: runs,
    scheduledPayments: scheduled,
  };
}

/** `POST /api/v1/payments-desk/failed-jobs/{jobId}/retry`: the failed billing day back in the queue. */
export async function retryFailedJob(request: FastifyRequest, jobId: string): Promise<RetryResult> {
  return runCommand<null, RetryResult, 'queued' | 'already'>(request, {
    action: RETRY_ACTION,
    authorize: () => Promise.resolve(null),
    householdOf: () => null,
    prepare: async () => {
      const outcome = await request.server.jobs.retryFailed(jobId);
      if (outcome === 'not-found') throw notFound('failed job');
      if (outcome === 'off') {
        throw new HttpProblem(
          503,
          ProblemType.unavailable,
          'Job queue not running here',
          'This instance runs no job workers (JOBS=false): retry from an instance that does.',
        );
      }
      return outcome;
    },
    execute: (_tx, { prepared }) =>
      Promise.resolve({
        result: { outcome: prepared },
        audit: { action: 'retry-failed-job', recordType: 'job', recordIds: [jobId] },
      }),
  });
}

/**
 * `POST /api/v1/payments-desk/failed-autopay-runs/{runId}/retry`: the month due again today, then the
 * billing day run at once for that household (the same steps as the queue's, limited to it).
 */
export async function retryFailedAutopayRun(request: FastifyRequest, runId: string): Promise<RetryResult> {
  const today = request.server.today();
  const { outcome, householdId } = await runCommand(request, {
    action: RETRY_ACTION,
    authorize: async (db) => {
      const found = isUuid(runId) ? await failedRunOf(db, runId) : undefined;
      if (!found) throw notFound('autopay run');
      const policy = await authorizePolicy(request, db, found.run.policyId);
      return { ...found, householdId: policy.householdId };
    },
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { ref }) => {
      if (ref.subscriptionState !== 'Active')
        throw ruleViolation(
          'params.runId',
          'autopay-cancelled',
          'This autopay was turned off: pay for the member instead.',
        );
      if (ref.run.reason === 'method-removed')
        throw ruleViolation(
          'params.runId',
          'method-removed',
          'The method this autopay paid with was removed: pay for the member instead.',
        );
      const rescheduled = await rescheduleFailedRun(tx, runId, today);
      return {
        result: {
          outcome: rescheduled ? ('done' as const) : ('already' as const),
          householdId: ref.householdId,
        },
        audit: {
          action: 'retry-autopay-run',
          recordType: 'autopay-run',
          recordIds: [runId],
          ...(rescheduled ? {} : { reason: 'already-retried' }),
        },
      };
    },
  });
  if (outcome === 'already' || householdId === null) return { outcome };
  const report = await request.server.jobs.runDay(today, { householdId });
  return { outcome, counts: report.steps.find((step) => step.name === 'autopay')?.counts ?? {} };
}
