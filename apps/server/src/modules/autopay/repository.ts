import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { autopaySubscriptions } from '../../db/schema';

/** A policy's autopay subscriptions: active ones first, newest first within each group. */
export async function subscriptionsOf(db: Database, policyId: string) {
  return db
    .select()
    .from(autopaySubscriptions)
    .where(eq(autopaySubscriptions.policyId, policyId))
    .orderBy(desc(sql`${autopaySubscriptions.state} = 'Active'`), desc(autopaySubscriptions.createdAt), asc(autopaySubscriptions.id));
}
