import {
  isSpanCancelled,
  isSpanCurrent,
  memberStatus,
  mergeContiguousSpans,
  type CalendarDate,
} from '@portal/domain';
import type { MemberDetail } from '@portal/contracts';
import type { Database } from '../../db/client';
import { memberById, memberCreatedTimes, memberSpansOn } from './repository';

// For the reinstatement module: a reinstated coverage's members covered again.
export { restoreMemberSpans } from './repository';

// For the demographics module: the people on a policy, and their details changed under a lock (issue 13).
export { lockMember, memberById, membersOnPolicy, updateMemberDetails, type MemberRow } from './repository';

// For the dependents and coverage-change modules: the people on a policy and their spans, changed on approval (issue 13).
export {
  insertMember,
  insertMemberSpans,
  lockMemberSpans,
  memberSpansOnPolicy,
  updateMemberSpan,
} from './repository';

// --- reads for acting-session, additional-product, contact, notification, guest, service-request ---
export { firstMemberOfHousehold, householdMembers, memberBelongsTo, memberFullNameOf } from './repository';

type SpanRow = Awaited<ReturnType<typeof memberSpansOn>>[number];

/**
 * SPEC §7 `GET v1/Member/2/{folderId}`: the member with their coverage on the policies the caller may
 * see (`policyIds`), status and merged spans by the SPEC §4 rules of packages/domain.
 */
export async function memberDetail(
  db: Database,
  memberId: string,
  policyIds: readonly string[],
  today: CalendarDate,
): Promise<MemberDetail | null> {
  const [member, rows] = await Promise.all([
    memberById(db, memberId),
    memberSpansOn(db, memberId, policyIds),
  ]);
  if (!member) return null;
  const byPolicy = new Map<string, SpanRow[]>();
  for (const row of rows) byPolicy.set(row.span.policyId, [...(byPolicy.get(row.span.policyId) ?? []), row]);
  const coverage = [...byPolicy.values()].flatMap((group) => {
    const first = group[0];
    if (!first) return [];
    const spans = group.map((row) => row.span);
    const merged = mergeContiguousSpans(spans);
    // Relationship, rating age and tobacco as of the span covering today, else the latest live one.
    const live = spans.filter((span) => !isSpanCancelled(span));
    const shown = live.find((span) => isSpanCurrent(span, today)) ?? live.at(-1) ?? first.span;
    return [
      {
        policyId: first.span.policyId,
        policyNumber: first.policyNumber,
        lineOfCoverage: first.lineOfCoverage,
        relationship: shown.relationship,
        ratingAge: shown.ratingAge,
        tobacco: shown.tobacco,
        status: memberStatus(spans, today).status,
        spans: merged,
        effectiveDate: merged[0]?.startDate ?? null,
        endDate: merged.at(-1)?.endDate ?? null,
      },
    ];
  });
  const allSpans = rows.map((row) => row.span);
  const merged = mergeContiguousSpans(allSpans);
  return {
    id: member.id,
    folderId: member.folderId,
    householdId: member.householdId,
    exchangeMemberId: member.exchangeMemberId,
    firstName: member.firstName,
    middleName: member.middleName,
    lastName: member.lastName,
    dob: member.dob,
    gender: member.gender,
    ssnLast4: member.ssnLast4,
    tobacco: member.tobacco,
    status: memberStatus(allSpans, today).status,
    effectiveDate: merged[0]?.startDate ?? null,
    endDate: merged.at(-1)?.endDate ?? null,
    policies: coverage,
  };
}

/** When each member's record was created, by member id (FHIR `meta.lastUpdated`, issue 37 and decision 053). */
export async function memberRecordTimes(
  db: Database,
  memberIds: readonly string[],
): Promise<Map<string, Date>> {
  return new Map((await memberCreatedTimes(db, memberIds)).map((row) => [row.id, row.createdAt]));
}

// --- reads for payment, reinstatement, the billing clock (issue 38) ---
// The subscriber's folder id as a fragment of the payment history's one statement, members' names by id,
// the periods of a policy's member spans (a reinstatement restores them), and the billing clock's end or
// cancellation of a policy's member spans.
export {
  cancelPolicyMemberSpans,
  endPolicyMemberSpans,
  memberFolderIdOf,
  memberNames,
  memberSpanPeriodsOf,
} from './repository';

// --- reads and writes for the enrollment module (the X12 834 import and its effectuation file, issue 34) ---
export {
  endMemberSpans,
  hasMemberSpan,
  insertMembers,
  memberByExchangeId,
  memberIdsOnPolicy,
  membersByExchangeIds,
  membersCoveredBy,
  reinstateMemberSpans,
  updateMemberFacts,
  type MemberFacts,
  type NewMember,
  type NewMemberSpan,
} from './repository';
// --- reads for policy-coverage, document PDFs ---
export { coveredPeopleOnPolicy, eldestMemberOfHousehold } from './repository';
