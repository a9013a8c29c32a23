import type { Transaction } from '../../db/client';
import { documentIssuedMail, newMessageMail, type DocumentKind } from '../../mail/messages';
import { enqueueMail } from '../../mail/queue';
import type { DispatchContext, OutboxHandler } from '../../outbox/dispatcher';
import type { OutboxEvent } from '../../outbox/events';
import type { Branding } from '../../pdf/branding';
import { messageFor } from '../notification/service';
import { deliveryOf } from './service';
import { preferencesOf } from './repository';

const DOCUMENT_PAGE: Record<DocumentKind, string> = { invoice: '/documents/invoice', notice: '/documents/notice', tax: '/documents/tax' };
const isDocumentKind = (value: unknown): value is DocumentKind => value === 'invoice' || value === 'notice' || value === 'tax';

/**
 * Outbox channel, e-mail (DOMAIN "Paperless", docs/decisions/018): a household that chose electronic
 * delivery of a kind of document, to a confirmed address, is e-mailed when one is issued; a paperless
 * household is also told of its other new messages. The e-mail is queued in the dispatch transaction
 * (once per event: the queue's unique key) and sent after the commit.
 */
export function emailChannel(deps: { branding: Branding; publicUrl: string; nudge: () => void }): OutboxHandler {
  return async (tx: Transaction, event: OutboxEvent, dispatch?: DispatchContext) => {
    if (event.householdId === null) return;
    const preferences = await preferencesOf(tx, event.householdId);
    if (!preferences?.paperlessEmail || preferences.paperlessEmailConfirmedAt === null) return;
    const delivery = deliveryOf(preferences);
    const language = preferences.language;
    const base = { householdId: event.householdId, outboxEventId: event.id, to: preferences.paperlessEmail, language };
    if (event.type === 'document.issued') {
      const kind = event.payload.documentType;
      if (!isDocumentKind(kind)) return;
      const wanted = kind === 'invoice' ? delivery.invoices : kind === 'notice' ? delivery.notices : delivery.taxForms;
      if (wanted !== 'electronic') return;
      await enqueueMail(tx, { ...base, kind: 'document-issued', ...documentIssuedMail(deps.branding, language, kind, `${deps.publicUrl}${DOCUMENT_PAGE[kind]}`) });
    } else if (preferences.paperless && messageFor(event)) {
      await enqueueMail(tx, { ...base, kind: 'new-message', ...newMessageMail(deps.branding, language, `${deps.publicUrl}/notification/view-notifications`) });
    } else {
      return;
    }
    dispatch?.afterCommit(deps.nudge);
  };
}
