import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { devMailbox } from '../db/schema';

/** Demo mode only: the e-mails the mail catcher (catcher.ts) kept, as the development mailbox pages show them. */
export type CaughtMail = typeof devMailbox.$inferSelect;

/** The latest `limit` e-mails caught, newest first. */
export async function caughtMails(db: Database, limit: number): Promise<CaughtMail[]> {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.receivedAt)).limit(limit);
}

/** One e-mail caught (undefined: no such e-mail). */
export async function caughtMail(db: Database, id: string): Promise<CaughtMail | undefined> {
  const [entry] = await db.select().from(devMailbox).where(eq(devMailbox.id, id));
  return entry;
}
