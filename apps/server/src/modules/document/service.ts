import { randomUUID } from 'node:crypto';
import type {
  DocumentDetail,
  DocumentPage,
  DocumentSummary,
  DocumentType,
  PageQuery,
} from '@portal/contracts';
import { accessiblePolicyIds } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import type { Database, Executor } from '../../db/client';
import { documents } from '../../db/schema';
import type { OutboxEventInput } from '../../outbox/events';
import { householdPolicyIds } from '../policy/service';
import { documentById, documentPage, documentYears, type DocumentRow } from './repository';

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
        ? {
            periodStart: row.periodStart,
            periodEnd: row.periodEnd,
            amountDueCents: row.amountDueCents,
            dueDate: row.dueDate,
          }
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
  query: PageQuery & {
    type?: DocumentType | undefined;
    year?: number | undefined;
    policyId?: string | undefined;
  },
  taxTypes: readonly string[],
): Promise<DocumentPage> {
  const accessible = await accessiblePolicyIds(db, principal, await householdPolicyIds(db, householdId));
  // A policy filter narrows to that policy's documents (never widens what the caller may see).
  const policyIds =
    query.policyId === undefined ? accessible : accessible.filter((id) => id === query.policyId);
  const filter = {
    householdId,
    policyIds,
    type: query.type,
    year: query.year,
    taxTypes,
    policiesOnly: query.policyId !== undefined,
  };
  const [{ rows, total }, years] = await Promise.all([
    documentPage(db, filter, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
    documentYears(db, filter),
  ]);
  return { items: rows.map(summary), page: query.page, pageSize: query.pageSize, total, years };
}

/** A tax form the tenant does not show (SPEC §9 tax document types) is not served either. */
export const isShownDocument = (
  row: Pick<DocumentRow, 'type' | 'subtype'>,
  taxTypes: readonly string[],
): boolean => row.type !== 'tax' || taxTypes.includes(row.subtype);

export async function documentDetail(db: Database, documentId: string): Promise<DocumentDetail | null> {
  const row = await documentById(db, documentId);
  return row ? { ...summary(row), facts: row.facts ?? {} } : null;
}

export interface IssueDocumentInput {
  householdId: string | null;
  policyId: string | null;
  type: DocumentType;
  subtype: string;
  documentDate: string;
  facts: Record<string, unknown>;
  periodStart?: string | null;
  periodEnd?: string | null;
  dueDate?: string | null;
  amountDueCents?: number | null;
  taxYear?: number | null;
  /** Facts the notification of this document shows besides the policy number and amount (dates, in `…Date` keys). */
  eventValues?: Record<string, string | number>;
}

/** The outbox event that announces an issued document (`document.issued`). */
function issuedEvent(id: string, input: IssueDocumentInput): OutboxEventInput {
  const policyNumber = typeof input.facts.policyNumber === 'string' ? input.facts.policyNumber : undefined;
  return {
    type: 'document.issued',
    householdId: input.householdId,
    policyId: input.policyId,
    payload: {
      ...input.eventValues,
      documentId: id,
      documentType: input.type,
      subtype: input.subtype,
      ...(policyNumber ? { policyNumber } : {}),
      ...(input.amountDueCents ? { amountCents: input.amountDueCents } : {}),
    },
  };
}

const documentRow = (input: IssueDocumentInput) => ({
  householdId: input.householdId,
  policyId: input.policyId,
  type: input.type,
  subtype: input.subtype,
  documentDate: input.documentDate,
  facts: input.facts,
  periodStart: input.periodStart ?? null,
  periodEnd: input.periodEnd ?? null,
  dueDate: input.dueDate ?? null,
  amountDueCents: input.amountDueCents ?? null,
  taxYear: input.taxYear ?? null,
});

/**
 * Issues a document in the caller's transaction and returns the outbox event that announces it
 * (`document.issued`: the in-app notification and, for paperless households, the e-mail). Every
 * way a document comes to be (a notice of a change, an invoice run, a payment receipt) goes through here.
 */
export async function issueDocument(
  tx: Executor,
  input: IssueDocumentInput,
): Promise<{ id: string; event: OutboxEventInput }> {
  const [row] = await tx.insert(documents).values(documentRow(input)).returning({ id: documents.id });
  if (!row) throw new Error('document not written');
  return { id: row.id, event: issuedEvent(row.id, input) };
}

/**
 * {@link issueDocument} for many documents in one statement (the billing clock's invoices and notices).
 * A document that a unique index already holds — an invoice for a policy and month that was issued
 * before (`documents_invoice_once`) — is skipped: it gets no id and no event, so issuing twice is harmless.
 */
export async function issueDocuments(
  tx: Executor,
  inputs: readonly IssueDocumentInput[],
): Promise<({ id: string; event: OutboxEventInput } | null)[]> {
  if (inputs.length === 0) return [];
  const ids = inputs.map(() => randomUUID());
  const written = await tx
    .insert(documents)
    .values(inputs.map((input, index) => ({ id: ids[index], ...documentRow(input) })))
    .onConflictDoNothing()
    .returning({ id: documents.id });
  const issued = new Set(written.map((row) => row.id));
  return inputs.map((input, index) => {
    const id = ids[index] as string;
    return issued.has(id) ? { id, event: issuedEvent(id, input) } : null;
  });
}

// --- reads for reinstatement (issue 38) ---
// Why a terminated coverage ended, as its termination notice says.
export { terminationNoticeReason } from './repository';
