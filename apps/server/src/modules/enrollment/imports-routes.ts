import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  EnrollmentImportDetailSchema,
  EnrollmentImportListQuerySchema,
  EnrollmentImportPageSchema,
  EnrollmentImportParamsSchema,
  ProblemSchema,
  type EnrollmentImportDetail,
  type EnrollmentImportRow,
  type EnrollmentSetMember,
} from '@portal/contracts';
import { forbidden, notFound } from '../../auth/access';
import { requireAction } from '../../auth/actions';
import { enrollmentImports, enrollmentTransactions } from '../../db/schema';
import { householdsOfPolicies } from '../policy/service';
import type { TransactionMember } from '../../db/schema/enrollment';
import type { Enrollment834 } from './map834';

/** Role-config action of issuer staff who read the 834 imports, their rejected members and reasons (decision 056). */
export const VIEW_IMPORTS_ACTION = 'view-enrollment-imports';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

type ImportRecord = typeof enrollmentImports.$inferSelect;

interface StoredSummary {
  duplicate?: boolean;
  transactions?: number;
  applied?: number;
  rejected?: number;
  held?: number;
  members?: { created: number; updated: number; terminated: number };
  refused?: { segment: number | null; reason: string };
}

function rowOf(record: ImportRecord): EnrollmentImportRow {
  const summary = record.summary as StoredSummary;
  return {
    id: record.id,
    fileName: record.fileName,
    source: record.source,
    status: record.status,
    sender: record.senderId,
    controlNumber: record.controlNumber,
    receivedAt: record.receivedAt.toISOString(),
    transactions: summary.transactions ?? 0,
    applied: summary.applied ?? 0,
    rejected: summary.rejected ?? 0,
    held: summary.held ?? 0,
    duplicate: record.status === 'duplicate',
    refused: summary.refused ?? null,
  };
}

/** AK9 of the 999 (one per functional group: the worst wins) or TA1's acknowledgment code. */
export function acknowledgmentOf(
  record: Pick<ImportRecord, 'ack999' | 'ta1'>,
): EnrollmentImportDetail['acknowledgment'] {
  if (record.ta1)
    return {
      kind: 'TA1',
      outcome: /TA1\*[^~]*?\*R\*/.test(record.ta1)
        ? 'rejected'
        : /TA1\*[^~]*?\*E\*/.test(record.ta1)
          ? 'partially-accepted'
          : 'accepted',
      text: record.ta1,
    };
  if (!record.ack999) return { kind: null, outcome: null, text: null };
  const codes = [...record.ack999.matchAll(/AK9.([APRE])/g)].map((match) => match[1]);
  const outcome = codes.includes('R')
    ? codes.some((code) => code === 'A' || code === 'P' || code === 'E')
      ? 'partially-accepted'
      : 'rejected'
    : codes.some((code) => code === 'P' || code === 'E')
      ? 'partially-accepted'
      : 'accepted';
  return { kind: '999', outcome, text: record.ack999 };
}

const relationshipCodes: Record<string, string> = {
  self: '18',
  spouse: '01',
  child: '19',
  domesticPartner: '53',
  stepchild: '17',
  ward: '15',
  other: 'G8',
};

/** Sets recorded before migration 0018 named nobody: a held one still has its parsed content. */
function membersOf(
  stored: TransactionMember[] | null,
  payload: Record<string, unknown> | null,
): EnrollmentSetMember[] {
  if (stored) return stored;
  const held = payload as unknown as Enrollment834 | null;
  if (!held?.members) return [];
  return held.members.map((m) => ({
    subscriber: m.subscriber,
    relationship: relationshipCodes[m.relationship] ?? null,
    maintenance: m.maintenance,
    subscriberId: m.subscriberId,
    memberId: m.memberId,
    firstName: m.firstName,
    lastName: m.lastName,
  }));
}

/**
 * Issue 34, decision 056: the admin page's reads of the 834 imports. Issuer staff with role action
 * `view-enrollment-imports` (administrators in the baseline); anyone else is refused (403, audited).
 * The list shows files and counts; one import's detail names members (rejected ones included), so reading
 * it is audited like every staff read of member data — for the import and, for each household it touched,
 * a row that household's "who has seen my information" shows.
 */
export const enrollmentImportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const requireViewer = async (request: Parameters<typeof requireAction>[0]) => {
    const principal = await requireAction(request, VIEW_IMPORTS_ACTION);
    if (principal.kind !== 'staff') {
      await request.audit({ action: VIEW_IMPORTS_ACTION, outcome: 'denied', reason: 'not-staff' });
      throw forbidden();
    }
    return principal;
  };

  app.get(
    '/v1/admin/enrollment-imports',
    {
      schema: {
        tags: ['enrollment'],
        summary: 'The X12 834 imports, newest first',
        description:
          'Issue 34 (decision 056). Every interchange received — by the command line, the API or the drop folder — newest first, paged: its file name, sender (ISA06) and control number (ISA13), when and how it came, how many transaction sets applied, were rejected or held, whether it was a re-sent duplicate, and why a file refused whole was refused. Role action `view-enrollment-imports`; audited.',
        querystring: EnrollmentImportListQuerySchema,
        response: { 200: EnrollmentImportPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireViewer(request);
      const { page, pageSize } = request.query;
      const db = app.database.db;
      const [records, [total]] = await Promise.all([
        db
          .select()
          .from(enrollmentImports)
          .orderBy(desc(enrollmentImports.receivedAt), desc(enrollmentImports.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(enrollmentImports),
      ]);
      const items = records.map(rowOf);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'enrollment-import',
        recordIds: items.map((item) => item.id),
      });
      return { items, page, pageSize, total: total?.n ?? 0 };
    },
  );

  app.get(
    '/v1/admin/enrollment-imports/:importId',
    {
      schema: {
        tags: ['enrollment'],
        summary:
          'One X12 834 import: its transaction sets, the members they name, and why a set was rejected',
        description:
          'Issue 34 (decision 056). Each transaction set (ST02) with what became of it — applied, rejected (the segment and the reason), held for an addition not yet received, or released by a later file — the members its loops name (INS, REF*0F/REF*17, NM1*IL), and the 999 or TA1 the sender got back. Role action `view-enrollment-imports`; the read is audited, and for each household it touched too.',
        params: EnrollmentImportParamsSchema,
        response: { 200: EnrollmentImportDetailSchema, ...errors },
      },
    },
    async (request) => {
      await requireViewer(request);
      const db = app.database.db;
      const [record] = await db
        .select()
        .from(enrollmentImports)
        .where(eq(enrollmentImports.id, request.params.importId));
      if (!record) {
        await request.audit({
          action: 'read',
          outcome: 'failure',
          recordType: 'enrollment-import',
          recordIds: [request.params.importId],
          reason: 'not-found',
        });
        throw notFound('enrollment import');
      }
      // A duplicate's sets are those of the import it repeated.
      let sourceId = record.id;
      if (record.status === 'duplicate' && record.senderId && record.controlNumber) {
        const [first] = await db
          .select({ id: enrollmentImports.id })
          .from(enrollmentImports)
          .where(
            and(
              eq(enrollmentImports.senderId, record.senderId),
              eq(enrollmentImports.controlNumber, record.controlNumber),
              eq(enrollmentImports.status, 'processed'),
            ),
          );
        sourceId = first?.id ?? record.id;
      }
      const rows = await db
        .select()
        .from(enrollmentTransactions)
        .where(eq(enrollmentTransactions.importId, sourceId))
        .orderBy(asc(enrollmentTransactions.id));
      // Whose records these are, for the audit rows of the households the import touched (modules/policy owns policies).
      const households = await householdsOfPolicies(db, [
        ...new Set(rows.flatMap((row) => (row.policyId ? [row.policyId] : []))),
      ]);
      const sets = rows.map((set) => ({
        set,
        householdId: set.policyId ? (households.get(set.policyId) ?? null) : null,
      }));
      const summary = record.summary as StoredSummary;
      const detail: EnrollmentImportDetail = {
        ...rowOf(record),
        members: summary.members ?? { created: 0, updated: 0, terminated: 0 },
        acknowledgment: acknowledgmentOf(record),
        transactionSets: sets.map(({ set }) => ({
          controlNumber: set.controlNumber,
          status: set.status,
          maintenance: set.maintenance,
          subscriberId: set.subscriberId,
          effectiveDate: set.effectiveDate,
          segment: set.segment,
          reason: set.reason,
          policyId: set.policyId,
          members: membersOf(set.members, set.payload),
        })),
      };
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'enrollment-import',
        recordIds: [record.id],
      });
      const byHousehold = new Map<string, Set<string>>();
      for (const { set, householdId } of sets) {
        if (!householdId || !set.policyId) continue;
        byHousehold.set(householdId, (byHousehold.get(householdId) ?? new Set()).add(set.policyId));
      }
      for (const [householdId, policyIds] of byHousehold) {
        await request.audit({
          action: 'read',
          outcome: 'success',
          recordType: 'policy',
          recordIds: [...policyIds],
          actingForHouseholdId: householdId,
        });
      }
      return detail;
    },
  );
  done();
};
