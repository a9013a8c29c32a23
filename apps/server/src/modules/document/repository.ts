import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentType } from '@portal/contracts';
import type { Database, Executor } from '../../db/client';
import { documents } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * A page of a household's portal-visible documents, newest first: its household notices, and the
 * documents of those of its policies the caller may see (`policyIds`).
 */
export interface DocumentFilter {
  householdId: string;
  policyIds: string[];
  type: DocumentType | undefined;
  year?: number | undefined;
  /** The tax forms the tenant shows (SPEC §9 tax document types); other tax forms are not listed. */
  taxTypes: readonly string[];
  /** Leave out the household's own notices (a policy filter). */
  policiesOnly?: boolean;
}

function visibleTo(filter: DocumentFilter): SQL | undefined {
  const owners: SQL[] = filter.policiesOnly
    ? [sql`false`]
    : [and(eq(documents.householdId, filter.householdId), isNull(documents.policyId)) ?? sql`false`];
  if (filter.policyIds.length > 0) owners.push(inArray(documents.policyId, filter.policyIds));
  return and(
    eq(documents.portal, 'visible'),
    filter.type === undefined ? undefined : eq(documents.type, filter.type),
    or(
      sql`${documents.type} <> 'tax'`,
      filter.taxTypes.length > 0 ? inArray(documents.subtype, [...filter.taxTypes]) : sql`false`,
    ),
    or(...owners),
  );
}

/** The years (of the document date) in which the household has documents of the filter's type, newest first. */
export async function documentYears(db: Database, filter: DocumentFilter): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${documents.documentDate})::int` })
    .from(documents)
    .where(visibleTo({ ...filter, year: undefined }))
    .orderBy(sql`1 desc`);
  return rows.map((row) => row.year);
}

export async function documentPage(
  db: Database,
  filter: DocumentFilter,
  page: { offset: number; limit: number },
) {
  const where = and(
    visibleTo(filter),
    filter.year === undefined
      ? undefined
      : sql`${documents.documentDate} between ${`${filter.year}-01-01`} and ${`${filter.year}-12-31`}`,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.documentDate), desc(documents.createdAt), desc(documents.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function documentById(db: Database, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  return row;
}

// --- reads for reinstatement (issue 38) ---

/** Why the policy's latest termination notice says the coverage ended (`non-payment`, `voluntary`), if it says. */
export async function terminationNoticeReason(db: Executor, policyId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: sql<string | null>`${documents.facts} ->> 'reason'` })
    .from(documents)
    .where(
      and(
        eq(documents.policyId, policyId),
        eq(documents.type, 'notice'),
        eq(documents.subtype, 'termination'),
      ),
    )
    .orderBy(desc(documents.documentDate), desc(documents.createdAt))
    .limit(1);
  return row?.reason ?? null;
}
