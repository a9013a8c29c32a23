import type { DocumentDetail, DocumentPage, DocumentSummary, DocumentType, PageQuery } from '@portal/contracts';
import { accessiblePolicyIds } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { documentById, documentPage, householdPolicyIds, type DocumentRow } from './repository';

/** DOMAIN "Documents": the facts each kind of document is shown with. */
function summary(row: DocumentRow): DocumentSummary {
  return {
    id: row.id,
    type: row.type,
    subtype: row.subtype,
    documentDate: row.documentDate,
    householdId: row.householdId,
    policyId: row.policyId,
    invoice:
      row.type === 'invoice'
        ? { periodStart: row.periodStart, periodEnd: row.periodEnd, amountDueCents: row.amountDueCents, dueDate: row.dueDate }
        : null,
    // The schema guarantees a tax year on tax forms (documents_tax_year); 0 is never shown.
    tax: row.type === 'tax' ? { taxYear: row.taxYear ?? 0, formType: row.subtype } : null,
  };
}

/**
 * SPEC §2 /documents/invoice|notice|tax: a household's documents, newest first. A caller who sees the
 * household through some of its policies only (a broker of record, an asserted session) sees those
 * policies' documents and the household's own notices, not the other policies'.
 */
export async function householdDocuments(
  db: Database,
  principal: Principal,
  householdId: string,
  query: PageQuery & { type?: DocumentType | undefined },
): Promise<DocumentPage> {
  const policyIds = await accessiblePolicyIds(db, principal, await householdPolicyIds(db, householdId));
  const { rows, total } = await documentPage(
    db,
    { householdId, policyIds, type: query.type },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return { items: rows.map(summary), page: query.page, pageSize: query.pageSize, total };
}

export async function documentDetail(db: Database, documentId: string): Promise<DocumentDetail | null> {
  const row = await documentById(db, documentId);
  return row ? { ...summary(row), facts: row.facts ?? {} } : null;
}
