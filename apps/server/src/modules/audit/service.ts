import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  AUDIT_CSV_COLUMNS,
  type AccessHistoryPage,
  type AccessRecordKind,
  type AuditExportQuery,
  type AuditPage,
  type AuditRecord,
  type AuditSearchQuery,
} from '@portal/contracts';
import { addDays, type CalendarDate } from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { spreadsheetSafe } from '../../lib/csv';
import {
  accountsNamed,
  auditBatch,
  auditPage,
  auditWhere,
  householdsNamed,
  workforceAccessOf,
  type AuditFilter,
} from './repository';

// For member search's Member 360: the household's contact history.
export { contactHistoryRows } from './repository';

/**
 * Issue 13 (docs/decisions/031): the audit trail searched by administrators and exported as CSV, and
 * "who has seen my information" for members — the audit log read back, never written here.
 */

/** The first instant of a calendar day where the issuer is (audit records are instants). */
function startOfDay(day: CalendarDate, timeZone: string): string {
  // The zone's offset at noon that day (DST changes happen at night): exact for every US zone.
  const noon = new Date(`${day}T12:00:00Z`);
  const zoned = new Date(noon.toLocaleString('en-US', { timeZone }));
  const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC' }));
  const offsetMs = utc.getTime() - zoned.getTime();
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + offsetMs).toISOString();
}

/** Turns the search's references into the filter on the log (a member → households, a user → accounts). */
export async function auditFilterOf(
  db: Executor,
  query: AuditExportQuery,
  timeZone: string,
): Promise<{ where: SQL | undefined; used: string[] }> {
  const filter: AuditFilter = {};
  const used: string[] = [];
  if (query.member) {
    filter.householdIds = await householdsNamed(db, query.member);
    used.push('member');
  }
  if (query.actor) {
    filter.actorSubjects = [...(await accountsNamed(db, query.actor)), query.actor.trim()];
    used.push('actor');
  }
  if (query.action) {
    filter.action = query.action;
    used.push('action');
  }
  if (query.from) {
    filter.from = startOfDay(query.from, timeZone);
    used.push('from');
  }
  if (query.to) {
    filter.toExclusive = startOfDay(addDays(query.to, 1), timeZone);
    used.push('to');
  }
  return { where: auditWhere(filter), used };
}

type Row = Awaited<ReturnType<typeof auditPage>>['rows'][number];

const recordOf = ({ entry, actorName, actingReason }: Row): AuditRecord => ({
  id: entry.id,
  occurredAt: entry.occurredAt.toISOString(),
  actorSubject: entry.actorSubject,
  actorName,
  actorRole: entry.actorRole,
  actingForHouseholdId: entry.actingForHouseholdId,
  action: entry.action,
  route: entry.route,
  recordType: entry.recordType,
  recordIds: entry.recordIds,
  outcome: entry.outcome,
  reason: entry.reason,
  ip: entry.ip,
  requestId: entry.requestId,
  actingSessionId: entry.actingSessionId,
  actingReason,
});

export async function searchAudit(
  db: Executor,
  where: SQL | undefined,
  query: AuditSearchQuery,
): Promise<AuditPage> {
  const { rows, total } = await auditPage(db, where, query.page, query.pageSize);
  return { items: rows.map(recordOf), page: query.page, pageSize: query.pageSize, total };
}

const BATCH = 500;

/**
 * Every record the filter matches, newest first, as CSV (RFC 4180 by csv-stringify): read from the
 * database a batch at a time as the client takes the file, so a long export never sits in memory. A
 * value that a spreadsheet would take for a formula is prefixed with a quote (lib/csv.ts).
 */
export function auditCsv(db: Executor, where: SQL | undefined): Readable {
  async function* records() {
    let before: number | null = null;
    for (;;) {
      const rows = await auditBatch(db, where, before, BATCH);
      for (const row of rows) {
        const record = recordOf(row);
        yield AUDIT_CSV_COLUMNS.map((column) => {
          const value = record[column];
          const text = Array.isArray(value) ? value.join(' ') : value === null ? '' : String(value);
          return spreadsheetSafe(text);
        });
      }
      if (rows.length < BATCH) return;
      before = rows[rows.length - 1]?.entry.id ?? null;
    }
  }
  return Readable.from(records()).pipe(stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS] }));
}

const RECORD_KINDS: Record<string, AccessRecordKind> = {
  policy: 'policy',
  reinstatement: 'policy',
  group: 'policy',
  pcp: 'coverage',
  coverage: 'coverage',
  benefits: 'benefits',
  'id-card': 'benefits',
  household: 'household',
  payment: 'payment',
  wallet: 'wallet',
  'wallet-card': 'wallet',
  'wallet-bank-account': 'wallet',
  'autopay-subscription': 'autopay',
  'autopay-run': 'autopay',
  'scheduled-payment': 'scheduled-payment',
  document: 'document',
  notification: 'notification',
  'notification-stream': 'notification',
  'service-request': 'service-request',
  'service-request-attachment': 'service-request',
  'contact-information': 'contact',
  paperless: 'contact',
  preferences: 'contact',
  address: 'address',
  member: 'member',
  // Reads through the FHIR Patient Access API (issue 37).
  'fhir.Patient': 'member',
  'fhir.Coverage': 'coverage',
};

/** A read (looked at, searched for) or a change (anything else the audit records as done). */
const isRead = (action: string) =>
  action === 'read' || action.endsWith('search') || action.startsWith('read');

/** The apps a member may connect (SMART on FHIR, issue 37), by client id: their names for "who has seen". */
export type AppNames = ReadonlyMap<string, { name: string; publisher: string }>;

/**
 * "Who has seen my information": staff's and brokers' reads and changes of a household's records, and the
 * reads of the apps its members connected (named as the issuer registered them).
 */
export async function accessHistory(
  db: Executor,
  householdId: string,
  page: number,
  pageSize: number,
  apps: AppNames = new Map(),
): Promise<AccessHistoryPage> {
  const { rows, total } = await workforceAccessOf(db, householdId, page, pageSize);
  return {
    items: rows.map((row) => {
      if (row.actorRole?.startsWith('app:')) {
        const clientId = row.actorRole.slice('app:'.length);
        const registered = apps.get(clientId);
        return {
          occurredAt: row.occurredAt.toISOString(),
          who: {
            kind: 'app' as const,
            role: 'app',
            name: registered ? `${registered.name} (${registered.publisher})` : clientId,
          },
          kind: isRead(row.action) ? ('read' as const) : ('change' as const),
          record: RECORD_KINDS[row.recordType ?? ''] ?? 'other',
          action: row.action,
        };
      }
      const broker = row.brokerFirstName !== null;
      const staffName = [row.givenName, row.familyName].filter(Boolean).join(' ') || row.username;
      const brokerName =
        `${row.brokerFirstName ?? ''} ${row.brokerLastName ?? ''}`.trim() +
        (row.agencyName ? ` (${row.agencyName})` : '');
      return {
        occurredAt: row.occurredAt.toISOString(),
        who: {
          kind: broker ? ('broker' as const) : ('staff' as const),
          role: row.actorRole ?? row.roles[0] ?? (broker ? 'broker' : 'staff'),
          name: broker ? brokerName : staffName,
        },
        kind: isRead(row.action) ? ('read' as const) : ('change' as const),
        record: RECORD_KINDS[row.recordType ?? ''] ?? 'other',
        action: row.action,
      };
    }),
    page,
    pageSize,
    total,
  };
}
