import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  addDependentsProblems,
  ProblemType,
  removeDependentProblems,
  type AddDependentDetails,
  type AddDependentsRequestSchema,
  type DependentRuleContext,
  type FieldError,
  type RemoveDependentDetails,
  type RemoveDependentRequestSchema,
  type ServiceRequest,
} from '@portal/contracts';
import {
  changeRouteOf,
  compareCalendarDates,
  marketCoverage,
  normalizeSsn,
  removalOutcome,
} from '@portal/domain';
import { authorizePolicy, notFound, type PolicyRef } from '../../auth/access';
import { runCommand, ruleViolation } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { serviceRequestView, submitServiceRequest } from '../service-request/service';
import {
  matchOnPolicy,
  openRequests,
  peopleOnPolicy,
  policyCovers,
  policyForDependents,
  policyStatus,
  requestedAlready,
  type DependentsPolicy,
} from './service';
import { lockPolicy } from '../policy/service';

/**
 * Adding and removing dependents (issue 11 manage-dependents; SPEC §3 Add-dependent form, Member; §5
 * "Dependents", "SSN invalid patterns"). Both make a service request that staff review (packages/domain
 * `needsReview`; they change the members in issue 13), through the write path (docs/decisions/014): role
 * action `add-dependent` / `remove-dependent`, record access to the policy, one transaction holding the
 * request, its audit row and its notification. Refused with 422 and a field code:
 *
 * - the policy: `report-to-exchange` (on-exchange: household size is the exchange's to decide, issue 11;
 *   `changeRouteFor(policy, 'household-size')`), `policy-not-active` (its coverage has ended);
 * - adding: the tenant's rules and the life event's (contracts `addDependentsProblems`: `too-many-dependents`,
 *   `exchange-id-length`, `gender-not-offered`, `event-date-too-old`, `event-date-in-future`,
 *   `event-date-too-far`, `start-date-not-allowed`, `dob-not-birth-date`, `dob-after-event`,
 *   `duplicate-in-request`), then `start-outside-policy`, `already-on-policy` (SPEC §5 matching criteria),
 *   `exchange-id-taken`, `already-requested` (an open request asks for the same person);
 * - removing: `not-on-policy`, `subscriber-not-removable` (ending the subscriber's coverage is ending the
 *   policy's), `not-covered`, the date window (`death-date-outside-window`, SPEC §5; `event-date-too-old`,
 *   `event-date-too-far`), `coverage-already-ends`, `already-requested`.
 *
 * The SSN is checked whole by the schema (SPEC §5 patterns) and only its last four digits are kept.
 */

type AddBody = z.output<typeof AddDependentsRequestSchema>;
type RemoveBody = z.output<typeof RemoveDependentRequestSchema>;

interface Ref {
  ref: PolicyRef;
  policy: DependentsPolicy;
}

const contextOf = (request: FastifyRequest): DependentRuleContext => ({
  today: request.server.today(),
  rules: request.server.tenant.account.members,
});

/** Every field refused at once (the form shows each on its own field), or nothing. */
function refuseAll(
  problems: readonly {
    path: (string | number)[];
    code?: string | undefined;
    reason: string;
    params?: Record<string, string | number> | undefined;
  }[],
): void {
  const errors: FieldError[] = problems.map(({ path, code, reason, params }) => ({
    field: ['body', ...path].join('.'),
    reason,
    ...(code ? { code } : {}),
    ...(params ? { params } : {}),
  }));
  const [first] = errors;
  if (first) throw new HttpProblem(422, ProblemType.unprocessable, 'Not possible', first.reason, errors);
}

async function authorizeDependentsPolicy(
  request: FastifyRequest,
  db: Parameters<typeof policyForDependents>[0],
  policyId: string,
): Promise<Ref> {
  const ref = await authorizePolicy(request, db, policyId);
  const policy = await policyForDependents(db, ref.id);
  if (!policy) throw notFound('policy');
  return { ref, policy };
}

/** The policy takes a change of household now: the issuer's to decide (not the exchange's), and still in force or starting. */
function checkPolicyTakesChanges(policy: DependentsPolicy, today: string): void {
  const market = marketCoverage(policy.marketCoverage);
  if (
    changeRouteOf({ offExchange: policy.offExchange, marketCoverage: market }, 'household-size') ===
    'exchange'
  ) {
    throw ruleViolation(
      'params.policyId',
      'report-to-exchange',
      'This policy was bought on the exchange: who is in the household is reported to the exchange.',
    );
  }
  if (policyStatus(policy, today) === 'Inactive')
    throw ruleViolation('params.policyId', 'policy-not-active', 'The coverage of this policy has ended.');
}

/** `POST /api/v1/Policy/{policyId}/dependents`: a request to add one or more dependents for a qualifying life event. */
export function addDependents(
  request: FastifyRequest,
  policyId: string,
  body: AddBody,
): Promise<ServiceRequest> {
  const context = contextOf(request);
  return runCommand<Ref, ServiceRequest>(request, {
    action: 'add-dependent',
    authorize: (db) => authorizeDependentsPolicy(request, db, policyId),
    householdOf: ({ ref }) => ref.householdId,
    execute: async (tx, { principal, ref: { policy } }) => {
      const householdId = policy.householdId;
      if (householdId === null)
        throw ruleViolation('params.policyId', 'policy-not-active', 'This policy belongs to no household.');
      await lockPolicy(tx, policy.id, 'no key update');
      checkPolicyTakesChanges(policy, context.today);
      refuseAll(addDependentsProblems(body, context));
      if (!policyCovers(policy, body.coverageStartDate)) {
        refuseAll([
          {
            path: ['coverageStartDate'],
            code: 'start-outside-policy',
            reason: 'The policy does not cover that date.',
          },
        ]);
      }
      const people = await peopleOnPolicy(tx, policy.id, context.today);
      const open = await openRequests(tx, householdId, policy.id, 'add-dependent');
      const dependents: AddDependentDetails['dependents'] = body.dependents.map((dependent) => {
        const exchangeId = (dependent.exchangeId ?? '').trim().toUpperCase();
        // SPEC §5: the SSN was checked whole by the schema; only its last four digits are ever kept.
        const ssnDigits = dependent.ssn ? normalizeSsn(dependent.ssn) : null;
        return {
          firstName: dependent.firstName,
          lastName: dependent.lastName,
          dob: dependent.dob,
          gender: dependent.gender,
          relationship: dependent.relationship,
          exchangeId: exchangeId === '' ? null : exchangeId,
          ssnLast4: ssnDigits ? ssnDigits.slice(5) : null,
        };
      });
      refuseAll(
        dependents.flatMap((person, index) => {
          const match = matchOnPolicy(person, people);
          if (match?.kind === 'already-on-policy')
            return [
              {
                path: ['dependents', index, 'firstName'],
                code: 'already-on-policy',
                reason: `${match.name} is already on this policy.`,
                params: { name: match.name },
              },
            ];
          if (match?.kind === 'exchange-id-taken')
            return [
              {
                path: ['dependents', index, 'exchangeId'],
                code: 'exchange-id-taken',
                reason: 'Someone else on this policy has this exchange ID.',
              },
            ];
          const earlier = requestedAlready(person, open);
          return earlier
            ? [
                {
                  path: ['dependents', index, 'firstName'],
                  code: 'already-requested',
                  reason: `Already asked for in ${earlier.referenceNumber}.`,
                  params: { reference: earlier.referenceNumber },
                },
              ]
            : [];
        }),
      );
      const details: AddDependentDetails = {
        lifeEvent: body.lifeEvent,
        lifeEventDate: body.lifeEventDate,
        coverageStartDate: body.coverageStartDate,
        dependents,
      };
      const { request: row, events } = await submitServiceRequest(tx, {
        type: 'add-dependent',
        householdId,
        policyId: policy.id,
        policyNumber: policy.policyNumber,
        details,
        // The people are not members yet: staff add them in review (issue 13).
        memberIds: [],
        effectiveDate: body.coverageStartDate,
        requestedBy: principal,
      });
      return {
        result: await serviceRequestView(tx, householdId, row.id),
        audit: { recordType: 'service-request', recordIds: [row.id, `policy:${policy.id}`] },
        events,
      };
    },
  });
}

/** `POST /api/v1/Policy/{policyId}/dependents/remove`: a request to end a dependent's coverage, with a reason and a date. */
export function removeDependent(
  request: FastifyRequest,
  policyId: string,
  body: RemoveBody,
): Promise<ServiceRequest> {
  const context = contextOf(request);
  return runCommand<Ref, ServiceRequest>(request, {
    action: 'remove-dependent',
    authorize: (db) => authorizeDependentsPolicy(request, db, policyId),
    householdOf: ({ ref }) => ref.householdId,
    execute: async (tx, { principal, ref: { policy } }) => {
      const householdId = policy.householdId;
      if (householdId === null)
        throw ruleViolation('params.policyId', 'policy-not-active', 'This policy belongs to no household.');
      await lockPolicy(tx, policy.id, 'no key update');
      checkPolicyTakesChanges(policy, context.today);
      const person = (await peopleOnPolicy(tx, policy.id, context.today)).find(
        (candidate) => candidate.id === body.memberId,
      );
      if (!person)
        throw ruleViolation('body.memberId', 'not-on-policy', 'This person is not on this policy.');
      if (person.id === policy.subscriberMemberId || person.relationship === 'self') {
        throw ruleViolation(
          'body.memberId',
          'subscriber-not-removable',
          'The subscriber is not removed as a dependent: ending their coverage ends the policy.',
        );
      }
      if (person.status === 'Inactive')
        throw ruleViolation('body.memberId', 'not-covered', 'This person’s coverage has already ended.');
      refuseAll(removeDependentProblems(body, context));
      const outcome = removalOutcome(
        body.removalReason,
        body.removalDate,
        context.today,
        person.status === 'Pending' ? person.effectiveDate : null,
      );
      if (person.endDate !== null && compareCalendarDates(person.endDate, outcome.lastDayOfCoverage) <= 0) {
        throw ruleViolation(
          'body.removalDate',
          'coverage-already-ends',
          'This person’s coverage already ends by then.',
        );
      }
      const earlier = (await openRequests(tx, householdId, policy.id, 'remove-dependent')).find((open) =>
        open.memberIds.includes(person.id),
      );
      if (earlier)
        throw ruleViolation(
          'body.memberId',
          'already-requested',
          `Already asked for in ${earlier.referenceNumber}.`,
          { reference: earlier.referenceNumber },
        );
      const note = (body.note ?? '').trim();
      const details: RemoveDependentDetails = {
        memberName: `${person.firstName} ${person.lastName}`,
        relationship: person.relationship,
        removalReason: body.removalReason,
        removalDate: body.removalDate,
        lastDayOfCoverage: outcome.lastDayOfCoverage,
        coverageNeverStarts: outcome.neverStarts,
        note: note === '' ? null : note,
      };
      const { request: row, events } = await submitServiceRequest(tx, {
        type: 'remove-dependent',
        householdId,
        policyId: policy.id,
        policyNumber: policy.policyNumber,
        details,
        memberIds: [person.id],
        effectiveDate: outcome.lastDayOfCoverage,
        requestedBy: principal,
      });
      return {
        result: await serviceRequestView(tx, householdId, row.id),
        audit: {
          recordType: 'service-request',
          recordIds: [row.id, `policy:${policy.id}`, `member:${person.id}`],
        },
        events,
      };
    },
  });
}
