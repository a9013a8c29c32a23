import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailQueue } from '../db/schema';

export interface MailSenderOptions {
  from: string;
  /** The host part of Message-IDs (the portal's public host). */
  messageIdHost: string;
  /** How long a claimed message is held before another sender may take it over (ms). */
  leaseMs?: number;
  /** Tries before a message is given up (`failed`). */
  maxAttempts?: number;
  /** Messages per call at most. */
  limit?: number;
  log?: { error(object: Record<string, unknown>, message: string): void };
}

type QueueRow = typeof mailQueue.$inferSelect;

/**
 * Claims the next message due: pending and due, or left `sending` by a sender whose lease ran out (it
 * died mid-send). `FOR UPDATE SKIP LOCKED` lets several senders (instances, job workers) share the
 * queue without taking the same row.
 */
async function claimNext(db: Database, leaseMs: number): Promise<QueueRow | undefined> {
  const result = await db.execute(sql`
    update ${mailQueue} set status = 'sending', attempts = attempts + 1, locked_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = (
      select id from ${mailQueue}
      where (status = 'pending' and available_at <= now()) or (status = 'sending' and locked_until < now())
      order by available_at, id
      limit 1
      for update skip locked
    )
    returning id`);
  const rows = (result as { rows: { id: number | string }[] }).rows;
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(mailQueue)
    .where(eq(mailQueue.id, Number(id)));
  return row;
}

/**
 * Sends what the mail queue holds (docs/decisions/018), one message at a time, and returns how many
 * went out. A function a job runner can call (pg-boss, later); the app calls it after each dispatch
 * and on a timer.
 *
 * At the SMTP boundary: a message is marked `sent` only after the SMTP server accepted it. A sender
 * that dies between the server's acceptance and that mark leaves the row `sending`; once its lease
 * runs out another sender sends it again, with the same Message-ID, so a mail system that deduplicates
 * on Message-ID delivers it once and at worst the member gets it twice. It is never lost.
 */
export async function sendQueuedMail(
  db: Database,
  transport: Transporter,
  options: MailSenderOptions,
): Promise<number> {
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const limit = options.limit ?? 100;
  let sent = 0;
  for (let count = 0; count < limit; count++) {
    const row = await claimNext(db, leaseMs);
    if (!row) break;
    try {
      await transport.sendMail({
        from: options.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody ?? '',
        html: row.htmlBody ?? undefined,
        messageId: `<mail-${row.id}@${options.messageIdHost}>`,
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': row.language },
      });
      // Once sent, the body is not kept (it may name a document or carry a confirmation link).
      await db
        .update(mailQueue)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lockedUntil: null,
          textBody: null,
          htmlBody: null,
          lastError: null,
        })
        .where(eq(mailQueue.id, row.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : 'error';
      options.log?.error({ err: error, mailId: row.id, kind: row.kind }, 'e-mail not sent; will retry');
      const giveUp = row.attempts >= maxAttempts;
      await db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: message,
          availableAt: sql`now() + least(power(2, ${row.attempts}) * 30, 3600) * interval '1 second'`,
        })
        .where(eq(mailQueue.id, row.id));
    }
  }
  return sent;
}
