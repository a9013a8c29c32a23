import type {
  ContactHistoryEntry,
  MemberActivityResponse,
  MemberSearchQuery,
  MemberSearchResponse,
} from '@portal/contracts';
import type { Database } from '../../db/client';
import { contactHistoryRows } from '../audit/service';
import { notificationList } from '../notification/service';
import { policySummaries, type PolicyRules } from '../policy/service';
import { policiesOfMembers, searchMembers } from './repository';

/** A page of members a staff search matches, each with the policies they are covered by and their status. */
export async function findMembers(
  db: Database,
  query: MemberSearchQuery,
  rules: PolicyRules,
): Promise<MemberSearchResponse> {
  const { rows, total } = await searchMembers(db, query);
  const coverage = await policiesOfMembers(
    db,
    rows.map((row) => row.id),
  );
  // Each policy's current entry (SPEC §4 display status); later spans of the same policy are not listed again.
  const summaries = new Map(
    (await policySummaries(db, [...new Set(coverage.map((c) => c.policyId))], rules))
      .filter((s) => s.isPrimaryPolicy)
      .map((s) => [s.id, s]),
  );
  const items = rows.map((row) => {
    const covered = coverage.filter((c) => c.memberId === row.id);
    const policies = covered.flatMap((c) => {
      const summary = summaries.get(c.policyId);
      return summary
        ? [
            {
              id: summary.id,
              policyNumber: summary.policyNumber,
              exchangeSubscriberId: summary.exchangeSubscriberId,
              lineOfCoverage: summary.lineOfCoverage,
              offExchange: summary.offExchange,
              enrollmentStatus: summary.enrollmentStatus,
              displayStatus: summary.displayStatus,
            },
          ]
        : [];
    });
    const householdId =
      row.householdId ??
      covered.map((c) => summaries.get(c.policyId)?.householdId ?? null).find((id) => id !== null) ??
      null;
    return {
      memberId: row.id,
      householdId,
      firstName: row.firstName,
      lastName: row.lastName,
      dateOfBirth: row.dob,
      subscriber: covered.some((c) => c.subscriber),
      policies,
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total };
}

const nameOf = (given: string | null, family: string | null): string | null => {
  const name = [given, family]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(' ');
  return name === '' ? null : name;
};

/** Roles whose entries are not contact history: the member's own doings and the portal's jobs. */
const NOT_CONTACT = ['member', 'guest', 'system'];
const CONTACT_HISTORY_LIMIT = 20;
const LATEST_NOTIFICATIONS = 10;

/**
 * Member 360's activity: the household's latest notifications and its contact history — what staff and
 * brokers did on its records (changes, searches that opened it, refusals), newest first, without the
 * plain reads of each page they looked at.
 */
export async function memberActivity(db: Database, householdId: string): Promise<MemberActivityResponse> {
  const latest = await notificationList(
    db,
    { kind: 'household', id: householdId },
    { view: 'latest', page: 1, pageSize: LATEST_NOTIFICATIONS },
  );
  const history = await contactHistoryRows(db, householdId, NOT_CONTACT, CONTACT_HISTORY_LIMIT);
  const contactHistory: ContactHistoryEntry[] = history.map((row) => ({
    occurredAt: row.occurredAt.toISOString(),
    actorRole: row.actorRole,
    actorName: nameOf(row.givenName, row.familyName),
    action: row.action,
    recordType: row.recordType,
    outcome: row.outcome,
    actingReason: row.actingReason,
  }));
  return {
    householdId,
    // The drawer's list (newest first); the replies a thread view adds are not part of the response.
    notifications: latest.items,
    contactHistory,
  };
}
