import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  changeRouteFor,
  correctionCrossesOtherEnd,
  coverageDateOption,
  coverageDateReasonsFor,
  coverageDateTarget,
  dueDayRule,
  endCoverageEffects,
  endCoverageOption,
  endCoverageReasonsFor,
  planChangeEventWindow,
  requestedDateProblem,
  type CalendarDate,
  type ReasonOption,
  type ReportableChange,
  type ServiceRequestType,
} from '@portal/domain';
import type {
  ChangeCoverageDatesRequestSchema,
  ChangePlanRequestSchema,
  EndCoverageRequestSchema,
  ServiceRequest,
} from '@portal/contracts';
import { authorizePolicy, notFound, type PolicyRef } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Transaction } from '../../db/client';
import { runCommand, ruleViolation, type CommandOutcome } from '../../plugins/command';
import { serviceRequestList, serviceRequestView, submitServiceRequest } from '../service-request/service';
import { autopayList } from '../autopay/service';
import { scheduledPaymentList } from '../scheduled-payment/service';
import { coverageFactsOf, coveredMembers } from './facts';
import { loadCoverageBundle, type CoverageBundle } from './repository';
import { limitsOf, planChoicesOf, renewsCurrent, type CoverageRules } from './service';
import { lockPolicy } from '../policy/service';

/**
 * The coverage commands of issue 11, each a service request through the write path (docs/decisions/014):
 * role action → record access → one transaction (the policy locked, the rules checked on fresh rows, the
 * request, its audit row and its notification). Refused with 422 and a field code:
 *
 * - `report-to-exchange` (params.policyId): an on-exchange policy's coverage is changed at the exchange
 *   (packages/domain `changeRouteFor`); `no-household`: a policy outside a household has nowhere to track it;
 * - `request-pending` (params.policyId, param `reference`): one open request of a kind per policy;
 * - `reason-not-allowed` (body.reason): the caller's roles do not give that reason (role-config);
 *   or the reason's condition code — `coverage-ended`, `group-election`, `already-started`, `window-passed`,
 *   `no-end-date`, `no-date-left` (packages/domain coverage-changes.ts);
 * - `note-needed` (body.note): fraud and corrections say what they rest on;
 * - the date's code (body.endDate, body.date, body.eventDate; params `earliest`, `latest`): `not-end-of-month`,
 *   `not-first-of-month`, `date-before-earliest`, `date-after-latest`, `date-crosses-other-end`, `date-unchanged`;
 * - change of plan: `plan-not-eligible`, `plan-renews-anyway` (body.planId), `event-needed` (body.qualifyingEvent),
 *   `event-date-needed` (body.eventDate).
 */

type EndBody = z.output<typeof EndCoverageRequestSchema>;
type DatesBody = z.output<typeof ChangeCoverageDatesRequestSchema>;
type PlanBody = z.output<typeof ChangePlanRequestSchema>;

const rulesOf = (request: FastifyRequest): CoverageRules => ({
  today: request.server.today(),
  account: request.server.tenant.account,
  roles: request.server.tenant.roles,
});

/** The policy read again under its lock: the rules see what the transaction will change. */
async function lockedBundle(tx: Transaction, policyId: string): Promise<CoverageBundle> {
  await lockPolicy(tx, policyId);
  const bundle = await loadCoverageBundle(tx, policyId);
  if (!bundle) throw notFound('policy');
  return bundle;
}

/** Issue 11: on-exchange changes that affect eligibility go to the exchange; the rest need a household to be tracked in. */
function issuerHousehold(bundle: CoverageBundle, change: ReportableChange, request: FastifyRequest): string {
  if (
    changeRouteFor(
      { offExchange: bundle.policy.offExchange, marketCoverage: bundle.policy.marketCoverage },
      change,
    ) === 'exchange'
  ) {
    const exchange = request.server.tenant.account.exchange;
    throw ruleViolation(
      'params.policyId',
      'report-to-exchange',
      `This policy was bought through ${exchange.name}: report this change there.`,
      { exchange: exchange.name },
    );
  }
  if (bundle.policy.householdId === null)
    throw ruleViolation(
      'params.policyId',
      'no-household',
      'This policy belongs to no household: call us to change it.',
    );
  return bundle.policy.householdId;
}

/** One open request of a kind per policy: a second would only race the first. */
async function noOpenRequest(
  tx: Transaction,
  householdId: string,
  policyId: string,
  type: ServiceRequestType,
): Promise<void> {
  const open = await serviceRequestList(tx, householdId, { policyId, status: 'open' });
  const pending = open.items.find((item) => item.type === type);
  if (pending)
    throw ruleViolation(
      'params.policyId',
      'request-pending',
      `Request ${pending.referenceNumber} for this change is still open.`,
      { reference: pending.referenceNumber },
    );
}

/** The reason's option: one of the caller's, and available on this policy. */
function checkedReason<R extends string>(
  allowed: readonly R[],
  reason: R,
  optionOf: (reason: R) => ReasonOption<R>,
): ReasonOption<R> & { window: NonNullable<ReasonOption<R>['window']> } {
  if (!allowed.includes(reason))
    throw ruleViolation('body.reason', 'reason-not-allowed', 'Your role may not give this reason.');
  const option = optionOf(reason);
  if (option.unavailable !== null || option.window === null) {
    const code = option.unavailable ?? 'no-date-left';
    throw ruleViolation('body.reason', code, `This reason does not apply to this policy now (${code}).`);
  }
  return { ...option, window: option.window };
}

function checkNote(option: ReasonOption<string>, note: string | undefined): string | null {
  const text = note?.trim() ?? '';
  if (option.noteRequired && text === '')
    throw ruleViolation('body.note', 'note-needed', 'Say what this rests on.');
  return text === '' ? null : text;
}

function checkDate(
  option: ReasonOption<string> & { window: { earliest: CalendarDate; latest: CalendarDate } },
  date: CalendarDate,
  field: string,
): void {
  const problem = requestedDateProblem(option, date);
  if (problem)
    throw ruleViolation(
      field,
      problem,
      `The date must fit the reason's rule (${option.dateRule}) from ${option.window.earliest} to ${option.window.latest}.`,
      { earliest: option.window.earliest, latest: option.window.latest },
    );
}

interface Submitted {
  principal: Principal;
  tx: Transaction;
  bundle: CoverageBundle;
  householdId: string;
  type: ServiceRequestType;
  details: Record<string, unknown>;
  memberIds: string[];
  effectiveDate: CalendarDate;
  audit: string;
}

async function submit(input: Submitted): Promise<CommandOutcome<ServiceRequest>> {
  const { request: row, events } = await submitServiceRequest(input.tx, {
    type: input.type,
    householdId: input.householdId,
    policyId: input.bundle.policy.id,
    policyNumber: input.bundle.policy.policyNumber,
    details: input.details,
    memberIds: input.memberIds,
    effectiveDate: input.effectiveDate,
    requestedBy: input.principal,
  });
  return {
    result: await serviceRequestView(input.tx, input.householdId, row.id),
    audit: {
      action: input.audit,
      recordType: 'service-request',
      recordIds: [row.id, `policy:${input.bundle.policy.id}`],
    },
    events,
  };
}

/** `POST /api/v1/Policy/{policyId}/end-coverage`: a request to end the whole policy's coverage (reviewed by staff). */
export function endCoverage(
  request: FastifyRequest,
  policyId: string,
  body: EndBody,
): Promise<ServiceRequest> {
  const rules = rulesOf(request);
  return runCommand<
    PolicyRef,
    ServiceRequest,
    { autopayActive: boolean; scheduled: { id: string; paymentDate: CalendarDate }[] }
  >(request, {
    action: 'end-coverage',
    authorize: (db) => authorizePolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    // Payments set up for later, read before the transaction (the statement the member confirmed names them).
    prepare: async (db, { ref }) => {
      const policy = { id: ref.id, householdId: ref.householdId };
      const [autopay, scheduled] = await Promise.all([
        autopayList(db, policy, rules.account, rules.today, dueDayRule(rules.account.payments.dueDate)),
        scheduledPaymentList(db, policy, { today: rules.today, account: rules.account }),
      ]);
      return {
        autopayActive: autopay.items.some((item) => item.state === 'Active'),
        scheduled: scheduled.items
          .filter((item) => item.status === 'Scheduled')
          .map((item) => ({ id: item.id, paymentDate: item.paymentDate })),
      };
    },
    execute: async (tx, { principal, ref, prepared }) => {
      const bundle = await lockedBundle(tx, ref.id);
      const householdId = issuerHousehold(bundle, 'end-coverage', request);
      const facts = coverageFactsOf(bundle, rules.today);
      const option = checkedReason(
        endCoverageReasonsFor(principal.roles, rules.roles),
        body.reason,
        (reason) => endCoverageOption(reason, facts, limitsOf(rules.account)),
      );
      const note = checkNote(option, body.note);
      checkDate(option, body.endDate, 'body.endDate');
      await noOpenRequest(tx, householdId, bundle.policy.id, 'end-coverage');
      const effects = endCoverageEffects(body.endDate, prepared.autopayActive, prepared.scheduled);
      const members = coveredMembers(bundle, facts, { fromToday: true });
      return submit({
        principal,
        tx,
        bundle,
        householdId,
        type: 'end-coverage',
        details: {
          endReason: body.reason,
          endDate: body.endDate,
          ...(note ? { coverageNote: note } : {}),
          autopayStops: effects.autopayStops,
          scheduledPaymentsCancelled: effects.scheduledCancelled.length,
        },
        memberIds: members.map(({ member }) => member.id),
        effectiveDate: body.endDate,
        audit: 'coverage.end-coverage',
      });
    },
  });
}

/** `POST /api/v1/Policy/{policyId}/coverage-dates`: a request for a different start or end date (reviewed by staff). */
export function changeCoverageDates(
  request: FastifyRequest,
  policyId: string,
  body: DatesBody,
): Promise<ServiceRequest> {
  const rules = rulesOf(request);
  return runCommand<PolicyRef, ServiceRequest>(request, {
    action: 'change-coverage-dates',
    authorize: (db) => authorizePolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const bundle = await lockedBundle(tx, ref.id);
      const householdId = issuerHousehold(bundle, 'coverage-dates', request);
      const facts = coverageFactsOf(bundle, rules.today);
      const option = checkedReason(
        coverageDateReasonsFor(principal.roles, rules.roles),
        body.reason,
        (reason) => coverageDateOption(reason, facts, limitsOf(rules.account)),
      );
      const note = checkNote(option, body.note);
      const target = body.reason === 'correction' ? (body.which ?? 'start') : coverageDateTarget(body.reason);
      checkDate(option, body.date, 'body.date');
      const coverage = facts.coverage;
      if (!coverage)
        throw ruleViolation('body.reason', 'coverage-ended', 'This policy has no coverage to change.');
      const current = target === 'start' ? coverage.startDate : coverage.endDate;
      if (current === body.date)
        throw ruleViolation('body.date', 'date-unchanged', 'That is already the date.');
      if (correctionCrossesOtherEnd(target, body.date, coverage))
        throw ruleViolation(
          'body.date',
          'date-crosses-other-end',
          'A start after the end, or an end before the start.',
        );
      await noOpenRequest(tx, householdId, bundle.policy.id, 'change-coverage-dates');
      return submit({
        principal,
        tx,
        bundle,
        householdId,
        type: 'change-coverage-dates',
        details: {
          dateReason: body.reason,
          whichDate: target,
          currentDate: current,
          newDate: body.date,
          ...(note ? { coverageNote: note } : {}),
        },
        memberIds: coveredMembers(bundle, facts, { fromToday: false }).map(({ member }) => member.id),
        effectiveDate: body.date,
        audit: 'coverage.change-coverage-dates',
      });
    },
  });
}

/** `POST /api/v1/Policy/{policyId}/change-plan`: a request to move to an eligible or renewal plan (reviewed by staff). */
export function changePlan(
  request: FastifyRequest,
  policyId: string,
  body: PlanBody,
): Promise<ServiceRequest> {
  const rules = rulesOf(request);
  return runCommand<PolicyRef, ServiceRequest>(request, {
    action: 'change-plan',
    authorize: (db) => authorizePolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const bundle = await lockedBundle(tx, ref.id);
      const householdId = issuerHousehold(bundle, 'change-plan', request);
      const { facts, shown, choices } = await planChoicesOf(tx, bundle, rules);
      const set = body.renewal ? choices?.renewal : choices?.eligible;
      const plan = set?.plans.find((candidate) => candidate.id === body.planId);
      if (!shown || !set || !plan)
        throw ruleViolation(
          'body.planId',
          'plan-not-eligible',
          'This plan is not one this policy may move to now.',
        );
      if (renewsCurrent(plan, shown.plan))
        throw ruleViolation(
          'body.planId',
          'plan-renews-anyway',
          'This is next year’s version of the current plan: it renews by itself.',
        );
      // Outside open enrolment, this year's plan changes only for a qualifying life event (45 CFR 155.420).
      const needsEvent = !body.renewal && choices.qualifyingEventNeeded;
      let event: Record<string, unknown> = {};
      if (needsEvent) {
        if (!body.qualifyingEvent)
          throw ruleViolation(
            'body.qualifyingEvent',
            'event-needed',
            'A plan change now needs a qualifying life event.',
          );
        if (!body.eventDate)
          throw ruleViolation('body.eventDate', 'event-date-needed', 'Say when it happened.');
        const window = planChangeEventWindow(body.qualifyingEvent, rules.today);
        checkDate(
          {
            reason: body.qualifyingEvent,
            unavailable: null,
            dateRule: 'any-day',
            window,
            noteRequired: false,
          },
          body.eventDate,
          'body.eventDate',
        );
        event = { qualifyingEvent: body.qualifyingEvent, eventDate: body.eventDate };
      }
      await noOpenRequest(tx, householdId, bundle.policy.id, 'change-plan');
      return submit({
        principal,
        tx,
        bundle,
        householdId,
        type: 'change-plan',
        // Plans by name and id only: the request is read by everyone who may see the policy, and amounts
        // follow the reader's roles (SPEC §6), so none are kept here.
        details: {
          currentPlanName: shown.plan.planName,
          newPlanName: plan.planName,
          newPlanId: plan.id,
          renewal: body.renewal,
          ...event,
        },
        memberIds: coveredMembers(bundle, facts, { fromToday: true }).map(({ member }) => member.id),
        effectiveDate: set.effectiveDate,
        audit: 'coverage.change-plan',
      });
    },
  });
}
