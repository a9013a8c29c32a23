import type { Database } from '../../db/client';
import { clientEvents } from '../../db/schema';

export type NewClientEvent = typeof clientEvents.$inferInsert;

export async function insertClientEvents(db: Database, rows: NewClientEvent[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(clientEvents).values(rows).returning({ id: clientEvents.id });
  return inserted.length;
}
