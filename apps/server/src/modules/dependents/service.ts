import {
  ageOn,
  compareCalendarDates,
  isSameDependent,
  isSpanCancelled,
  isSpanCurrent,
  memberStatus,
  mergeContiguousSpans,
  type CalendarDate,
  type MemberStatus,
} from '@portal/domain';
import type { AddDependentDetails, ServiceRequest } from '@portal/contracts';
import type { Executor, Transaction } from '../../db/client';
import { newPublicId } from '../../lib/public-id';
import { ruleViolation } from '../../plugins/command';
import { serviceRequestList } from '../service-request/service';
import {
  insertMember,
  insertMemberSpans,
  lockMemberSpans,
  memberSpansOnPolicy,
  updateMemberSpan,
} from '../member/service';
import { coverageSpansOf, lockPolicy, policyFacts } from '../policy/service';

/**
 * What the dependent commands know about a policy's people (issue 11 manage-dependents; SPEC §3 Member,
 * §4 member status, §5 matching criteria).
 */

export interface PolicyPerson {
  id: string;
  folderId: string;
  exchangeMemberId: string | null;
  firstName: string;
  lastName: string;
  dob: CalendarDate;
  /** From the span covering today, else the latest one. */
  relationship: string;
  status: MemberStatus;
  /** The merged periods' first start and last end (SPEC §4: contiguous spans merge). */
  effectiveDate: CalendarDate | null;
  endDate: CalendarDate | null;
}

/** The policy's members with their SPEC §4 status today. */
export async function peopleOnPolicy(
  db: Executor,
  policyId: string,
  today: CalendarDate,
): Promise<PolicyPerson[]> {
  const rows = await memberSpansOnPolicy(db, policyId);
  const byMember = new Map<string, typeof rows>();
  for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row]);
  return [...byMember.values()].flatMap((spans) => {
    const first = spans[0];
    if (!first) return [];
    const live = spans.filter((span) => !isSpanCancelled(span));
    const current = live.find((span) => isSpanCurrent(span, today)) ?? live.at(-1) ?? first;
    const merged = mergeContiguousSpans(spans);
    return [
      {
        id: first.memberId,
        folderId: first.folderId,
        exchangeMemberId: first.exchangeMemberId,
        firstName: first.firstName,
        lastName: first.lastName,
        dob: first.dob,
        relationship: current.relationship,
        status: memberStatus(spans, today).status,
        effectiveDate: merged[0]?.startDate ?? null,
        endDate: merged.at(-1)?.endDate ?? null,
      },
    ];
  });
}

/** What the dependent commands need of a policy: where changes to it go, and its coverage periods. */
export async function policyForDependents(db: Executor, policyId: string) {
  const policy = await policyFacts(db, policyId);
  if (!policy) return undefined;
  // Its coverage periods, oldest first (whether it covers a date, and its status).
  const spans = (await coverageSpansOf(db, policyId)).map(({ startDate, endDate, cancelled }) => ({
    startDate,
    endDate,
    cancelled,
  }));
  return { ...policy, spans };
}
export type DependentsPolicy = NonNullable<Awaited<ReturnType<typeof policyForDependents>>>;

/** SPEC §4 status of the policy itself: Inactive once every span has ended (nothing to add anyone to). */
export const policyStatus = (policy: DependentsPolicy, today: CalendarDate): MemberStatus =>
  memberStatus(policy.spans, today).status;

/** Whether `date` falls in one of the policy's (merged) coverage periods. */
export const policyCovers = (policy: DependentsPolicy, date: CalendarDate): boolean =>
  mergeContiguousSpans(policy.spans).some((period) => isSpanCurrent(period, date));

const covered = (person: PolicyPerson) => person.status !== 'Inactive';
const samePerson = (
  a: { firstName: string; lastName: string; dob: string },
  b: { firstName: string; lastName: string; dob: string },
) =>
  a.dob === b.dob &&
  a.firstName.trim().toLocaleLowerCase() === b.firstName.trim().toLocaleLowerCase() &&
  a.lastName.trim().toLocaleLowerCase() === b.lastName.trim().toLocaleLowerCase();

export interface NewPerson {
  firstName: string;
  lastName: string;
  dob: string;
  relationship: string;
  exchangeId: string | null;
}

/** Why a person cannot be added: already covered by the policy, or their exchange ID is someone else's there. */
export type OnPolicyMatch =
  { kind: 'already-on-policy'; name: string } | { kind: 'exchange-id-taken' } | null;

/**
 * SPEC §5 matching criteria: the person is found among the policy's members by exchange ID (which gives
 * their member folder id), and is the same dependent when memFolderId, exchangeId and relationship all
 * match (`isSameDependent`). People without an exchange ID — most off-exchange members — are matched
 * by name and date of birth. Only members still covered (Active or Pending) count: someone who left
 * may be added again.
 */
export function matchOnPolicy(person: NewPerson, people: readonly PolicyPerson[]): OnPolicyMatch {
  const current = people.filter(covered);
  if (person.exchangeId) {
    const holder = current.find(
      (member) =>
        member.exchangeMemberId !== null &&
        member.exchangeMemberId.toUpperCase() === person.exchangeId?.toUpperCase(),
    );
    if (holder) {
      const same = isSameDependent(
        {
          memFolderId: holder.folderId,
          exchangeId: person.exchangeId.toUpperCase(),
          relationship: person.relationship,
        },
        {
          memFolderId: holder.folderId,
          exchangeId: holder.exchangeMemberId,
          relationship: holder.relationship,
        },
      );
      return same
        ? { kind: 'already-on-policy', name: `${holder.firstName} ${holder.lastName}` }
        : { kind: 'exchange-id-taken' };
    }
  }
  const twin = current.find((member) => samePerson(member, person));
  return twin ? { kind: 'already-on-policy', name: `${twin.firstName} ${twin.lastName}` } : null;
}

/** The policy's open (Submitted or In review) requests of one type. */
export async function openRequests(
  db: Executor,
  householdId: string,
  policyId: string,
  type: 'add-dependent' | 'remove-dependent',
): Promise<ServiceRequest[]> {
  const list = await serviceRequestList(db, householdId, { policyId, status: 'open' });
  return list.items.filter((item) => item.type === type);
}

/** An open add-dependent request that already asks for this person, by name and date of birth or exchange ID. */
export function requestedAlready(
  person: NewPerson,
  open: readonly ServiceRequest[],
): ServiceRequest | undefined {
  return open.find((request) => {
    const people = (request.details as Partial<AddDependentDetails>).dependents ?? [];
    return people.some(
      (other) =>
        samePerson(other, person) ||
        (person.exchangeId !== null &&
          other.exchangeId !== null &&
          other.exchangeId.toUpperCase() === person.exchangeId.toUpperCase()),
    );
  });
}

/**
 * Staff approved an add-dependent request (issue 13): each person becomes a member of the household with
 * a span on the policy from the requested start date to the end of the coverage period that date falls
 * in (open-ended when it has none). The SPEC §5 matching criteria are checked again under the policy's
 * lock: someone added meanwhile is not added twice (422 `already-on-policy`). Answers the new members' ids.
 */
export async function applyAddDependents(
  tx: Transaction,
  input: { policyId: string; details: AddDependentDetails; today: CalendarDate },
): Promise<string[]> {
  await lockPolicy(tx, input.policyId, 'no key update');
  const policy = await policyForDependents(tx, input.policyId);
  if (!policy?.householdId)
    throw ruleViolation('params.id', 'policy-not-active', 'The request’s policy belongs to no household.');
  const start = input.details.coverageStartDate;
  const period = mergeContiguousSpans(policy.spans).find((span) => isSpanCurrent(span, start));
  if (!period)
    throw ruleViolation(
      'params.id',
      'start-outside-policy',
      'The policy does not cover the requested start date any more.',
    );
  const people = await peopleOnPolicy(tx, policy.id, input.today);
  const ids: string[] = [];
  for (const person of input.details.dependents) {
    const match = matchOnPolicy(person, people);
    if (match)
      throw ruleViolation(
        'params.id',
        match.kind,
        match.kind === 'already-on-policy'
          ? `${match.name} is already on this policy.`
          : 'Someone else on this policy has this exchange ID.',
      );
    const id = await insertMember(tx, {
      householdId: policy.householdId,
      folderId: newPublicId('memberFolder'),
      exchangeMemberId: person.exchangeId,
      firstName: person.firstName,
      lastName: person.lastName,
      dob: person.dob,
      gender: person.gender,
      ssnLast4: person.ssnLast4,
    });
    await insertMemberSpans(tx, [
      {
        policyId: policy.id,
        memberId: id,
        relationship: person.relationship,
        startDate: start,
        endDate: period.endDate,
        ratingAge: Math.max(0, ageOn(person.dob, start)),
      },
    ]);
    ids.push(id);
  }
  return ids;
}

/**
 * Staff approved a remove-dependent request (issue 13): the member's coverage on the policy ends on the
 * request's last day of coverage — spans running past it end then, spans starting after it (or, when the
 * coverage never starts, every span not yet begun) are cancelled. Refused when the coverage already ends
 * by then (422 `coverage-already-ends`).
 */
export async function applyRemoveDependent(
  tx: Transaction,
  input: { policyId: string; memberId: string; lastDayOfCoverage: CalendarDate; neverStarts: boolean },
): Promise<void> {
  await lockPolicy(tx, input.policyId, 'no key update');
  const spans = (await lockMemberSpans(tx, input.policyId, input.memberId)).filter((span) => !span.cancelled);
  const last = input.lastDayOfCoverage;
  const changed = spans.filter(
    (span) => span.endDate === null || compareCalendarDates(span.endDate, last) > 0,
  );
  if (changed.length === 0)
    throw ruleViolation('params.id', 'coverage-already-ends', 'This person’s coverage already ends by then.');
  for (const span of changed) {
    if (input.neverStarts || compareCalendarDates(span.startDate, last) > 0)
      await updateMemberSpan(tx, span.id, { cancelled: true });
    else await updateMemberSpan(tx, span.id, { endDate: last });
  }
}
