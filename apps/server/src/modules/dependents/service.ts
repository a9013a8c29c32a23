import {
  isSameDependent,
  isSpanCancelled,
  isSpanCurrent,
  memberStatus,
  mergeContiguousSpans,
  type CalendarDate,
  type MemberStatus,
} from '@portal/domain';
import type { AddDependentDetails, ServiceRequest } from '@portal/contracts';
import type { Executor } from '../../db/client';
import { serviceRequestList } from '../service-request/service';
import { memberSpansOnPolicy, type DependentsPolicy } from './repository';

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
export async function peopleOnPolicy(db: Executor, policyId: string, today: CalendarDate): Promise<PolicyPerson[]> {
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

/** SPEC §4 status of the policy itself: Inactive once every span has ended (nothing to add anyone to). */
export const policyStatus = (policy: DependentsPolicy, today: CalendarDate): MemberStatus => memberStatus(policy.spans, today).status;

/** Whether `date` falls in one of the policy's (merged) coverage periods. */
export const policyCovers = (policy: DependentsPolicy, date: CalendarDate): boolean => mergeContiguousSpans(policy.spans).some((period) => isSpanCurrent(period, date));

const covered = (person: PolicyPerson) => person.status !== 'Inactive';
const samePerson = (a: { firstName: string; lastName: string; dob: string }, b: { firstName: string; lastName: string; dob: string }) =>
  a.dob === b.dob && a.firstName.trim().toLocaleLowerCase() === b.firstName.trim().toLocaleLowerCase() && a.lastName.trim().toLocaleLowerCase() === b.lastName.trim().toLocaleLowerCase();

export interface NewPerson {
  firstName: string;
  lastName: string;
  dob: string;
  relationship: string;
  exchangeId: string | null;
}

/** Why a person cannot be added: already covered by the policy, or their exchange ID is someone else's there. */
export type OnPolicyMatch = { kind: 'already-on-policy'; name: string } | { kind: 'exchange-id-taken' } | null;

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
    const holder = current.find((member) => member.exchangeMemberId !== null && member.exchangeMemberId.toUpperCase() === person.exchangeId?.toUpperCase());
    if (holder) {
      const same = isSameDependent(
        { memFolderId: holder.folderId, exchangeId: person.exchangeId.toUpperCase(), relationship: person.relationship },
        { memFolderId: holder.folderId, exchangeId: holder.exchangeMemberId, relationship: holder.relationship },
      );
      return same ? { kind: 'already-on-policy', name: `${holder.firstName} ${holder.lastName}` } : { kind: 'exchange-id-taken' };
    }
  }
  const twin = current.find((member) => samePerson(member, person));
  return twin ? { kind: 'already-on-policy', name: `${twin.firstName} ${twin.lastName}` } : null;
}

/** The policy's open (Submitted or In review) requests of one type. */
export async function openRequests(db: Executor, householdId: string, policyId: string, type: 'add-dependent' | 'remove-dependent'): Promise<ServiceRequest[]> {
  const list = await serviceRequestList(db, householdId, { policyId, status: 'open' });
  return list.items.filter((item) => item.type === type);
}

/** An open add-dependent request that already asks for this person, by name and date of birth or exchange ID. */
export function requestedAlready(person: NewPerson, open: readonly ServiceRequest[]): ServiceRequest | undefined {
  return open.find((request) => {
    const people = (request.details as Partial<AddDependentDetails>).dependents ?? [];
    return people.some((other) => samePerson(other, person) || (person.exchangeId !== null && other.exchangeId !== null && other.exchangeId.toUpperCase() === person.exchangeId.toUpperCase()));
  });
}
