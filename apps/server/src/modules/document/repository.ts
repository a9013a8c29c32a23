import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentType } from '@portal/contracts';
import type { Database } from '../../db/client';
import { documents, policies } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

export async function householdPolicyIds(db: Database, householdId: string): Promise<string[]> {
  const rows = await db.select({ id: policies.id }).from(policies).where(eq(policies.householdId, householdId));
  return rows.map((row) => row.id);
}

/**
 * A page of a household's portal-visible documents, newest first: its household notices, and the
 * documents of those of its policies the caller may see (`policyIds`).
 */
export async function documentPage(
  db: Database,
  filter: { householdId: string; policyIds: string[]; type: DocumentType | undefined },
  page: { offset: number; limit: number },
) {
  const owners: SQL[] = [and(eq(documents.householdId, filter.householdId), isNull(documents.policyId)) ?? sql`false`];
  if (filter.policyIds.length > 0) owners.push(inArray(documents.policyId, filter.policyIds));
  const where = and(
    eq(documents.portal, 'visible'),
    filter.type === undefined ? undefined : eq(documents.type, filter.type),
    or(...owners),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.documentDate), desc(documents.createdAt), desc(documents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(documents).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function documentById(db: Database, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  return row;
}
