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
