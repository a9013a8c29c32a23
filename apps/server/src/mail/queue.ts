import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mailQueue } from '../db/schema';

export interface QueuedMail {
  householdId: string | null;
  /** What kind of message: `document-issued`, `new-message`, `email-confirmation`. */
  kind: string;
  /** The outbox event it answers: at most one e-mail per event and kind. */
  outboxEventId?: number | null;
  to: string;
  language: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues an e-mail in the caller's transaction (docs/decisions/018): it exists exactly when the change
 * that decided to send it commits, and an outbox event never queues the same kind of e-mail twice.
 */
export async function enqueueMail(executor: Executor, mail: QueuedMail): Promise<void> {
  await executor
    .insert(mailQueue)
    .values({
      householdId: mail.householdId,
      kind: mail.kind,
      outboxEventId: mail.outboxEventId ?? null,
      toAddress: mail.to,
      language: mail.language,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    })
    .onConflictDoNothing();
}

/**
 * {@link enqueueMail} for many e-mails in one statement (the outbox's batches, decision 037): the rows
 * travel as one JSON parameter; an e-mail whose event and kind is queued already is skipped, as one by one.
 */
export async function enqueueMails(executor: Executor, mails: readonly QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  const rows = mails.map((mail, n) => ({
    n,
    household_id: mail.householdId,
    kind: mail.kind,
    outbox_event_id: mail.outboxEventId ?? null,
    to_address: mail.to,
    language: mail.language,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
  }));
  await executor.execute(sql`
    insert into ${mailQueue} (household_id, kind, outbox_event_id, to_address, language, subject, text_body, html_body)
    select x.household_id, x.kind, x.outbox_event_id, x.to_address, x.language, x.subject, x.text_body, x.html_body
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as x(n int, household_id uuid, kind text, outbox_event_id bigint, to_address text, language text, subject text, text_body text, html_body text)
      order by x.n
    on conflict do nothing`);
}
