import type { Transaction } from '../../db/client';
import { documentIssuedMail, newMessageMail, type DocumentKind } from '../../mail/messages';
import { enqueueMail, enqueueMails, type QueuedMail } from '../../mail/queue';
import type { DispatchContext, OutboxChannel } from '../../outbox/dispatcher';
import type { OutboxEvent } from '../../outbox/events';
import type { Branding } from '../../pdf/branding';
import { messageFor } from '../notification/service';
import { deliveryOf } from './service';
import { preferencesOf, preferencesOfHouseholds, type PreferencesRow } from './repository';

const DOCUMENT_PAGE: Record<DocumentKind, string> = {
  invoice: '/documents/invoice',
  notice: '/documents/notice',
  tax: '/documents/tax',
};
const isDocumentKind = (value: unknown): value is DocumentKind =>
  value === 'invoice' || value === 'notice' || value === 'tax';

/**
 * Outbox channel, e-mail (DOMAIN "Paperless", docs/decisions/018): a household that chose electronic
 * delivery of a kind of document, to a confirmed address, is e-mailed when one is issued; a paperless
 * household is also told of its other new messages. The e-mail is queued in the dispatch transaction
 * (once per event: the queue's unique key) and sent after the commit. A batch of events reads its
 * households' choices in one statement and queues its e-mails in one more (decision 037).
 */
export function emailChannel(deps: {
  branding: Branding;
  publicUrl: string;
  nudge: () => void;
}): OutboxChannel {
  return {
    one: async (tx: Transaction, event: OutboxEvent, dispatch?: DispatchContext) => {
      if (event.householdId === null) return;
      const mail = mailFor(deps, event, await preferencesOf(tx, event.householdId));
      if (!mail) return;
      await enqueueMail(tx, mail);
      dispatch?.afterCommit(deps.nudge);
    },
    many: async (tx: Transaction, events: readonly OutboxEvent[], dispatch?: DispatchContext) => {
      const householdIds = events.flatMap((event) => (event.householdId === null ? [] : [event.householdId]));
      const choices = await preferencesOfHouseholds(tx, householdIds);
      const mails = events.flatMap((event) => {
        const mail = event.householdId === null ? null : mailFor(deps, event, choices.get(event.householdId));
        return mail ? [mail] : [];
      });
      if (mails.length === 0) return;
      await enqueueMails(tx, mails);
      dispatch?.afterCommit(deps.nudge);
    },
  };
}

/** The e-mail an event gives its household, given the household's delivery choices, if any. */
function mailFor(
  deps: { branding: Branding; publicUrl: string },
  event: OutboxEvent,
  preferences: PreferencesRow | undefined,
): QueuedMail | null {
  if (event.householdId === null) return null;
  if (!preferences?.paperlessEmail || preferences.paperlessEmailConfirmedAt === null) return null;
  const delivery = deliveryOf(preferences);
  const language = preferences.language;
  const base = {
    householdId: event.householdId,
    outboxEventId: event.id,
    to: preferences.paperlessEmail,
    language,
  };
  if (event.type === 'document.issued') {
    const kind = event.payload.documentType;
    if (!isDocumentKind(kind)) return null;
    const wanted =
      kind === 'invoice' ? delivery.invoices : kind === 'notice' ? delivery.notices : delivery.taxForms;
    if (wanted !== 'electronic') return null;
    return {
      ...base,
      kind: 'document-issued',
      ...documentIssuedMail(deps.branding, language, kind, `${deps.publicUrl}${DOCUMENT_PAGE[kind]}`),
    };
  }
  if (preferences.paperless && messageFor(event)) {
    return {
      ...base,
      kind: 'new-message',
      ...newMessageMail(deps.branding, language, `${deps.publicUrl}/notification/view-notifications`),
    };
  }
  return null;
}
