import { NOTIFICATION_TEMPLATES, type NotificationLinkTextKey, type NotificationTemplate } from '@portal/contracts';
import type { Transaction } from '../../db/client';
import { notifications } from '../../db/schema';
import type { LiveHub } from '../../live/hub';
import type { DispatchContext, OutboxHandler } from '../../outbox/dispatcher';
import type { OutboxEvent } from '../../outbox/events';

interface Message {
  template: NotificationTemplate;
  link: string;
  linkTextKey: NotificationLinkTextKey;
}

/**
 * In-app notifications from outbox events (SPEC §3 Notification): which message (a translation key the
 * web translates with `additionalValues`) and which link each kind of event gives the household. The
 * templates and their values are listed in packages/contracts (notification-templates.ts).
 */
const SERVICE_REQUESTS = '/admin/policy-selection/service-requests';

const FROM_EVENT: Record<string, Message> = {
  'payment.succeeded': { template: 'notification.paymentReceived', link: '/payments/payment-history', linkTextKey: 'notification.link.viewPayments' },
  'payment.pending': { template: 'notification.paymentPending', link: '/payments/payment-history', linkTextKey: 'notification.link.viewPayments' },
  'payment.settled': { template: 'notification.paymentSettled', link: '/payments/payment-history', linkTextKey: 'notification.link.viewPayments' },
  'payment.declined': { template: 'notification.paymentFailed', link: '/payments/make-payment', linkTextKey: 'notification.link.makePayment' },
  'payment.returned': { template: 'notification.paymentReturned', link: '/payments/make-payment', linkTextKey: 'notification.link.makePayment' },
  'payment.refunded': { template: 'notification.paymentRefunded', link: '/payments/payment-history', linkTextKey: 'notification.link.viewPayments' },
  'payment.voided': { template: 'notification.paymentVoided', link: '/payments/payment-history', linkTextKey: 'notification.link.viewPayments' },
  'payment.binder-paid': { template: 'notification.coverageEffectuated', link: '/account-overview', linkTextKey: 'notification.link.viewCoverage' },
  'wallet.method-added': { template: 'notification.walletMethodAdded', link: '/payments/wallet', linkTextKey: 'notification.link.viewWallet' },
  'wallet.method-removed': { template: 'notification.walletMethodRemoved', link: '/payments/wallet', linkTextKey: 'notification.link.viewWallet' },
  'wallet.default-changed': { template: 'notification.walletDefaultChanged', link: '/payments/wallet', linkTextKey: 'notification.link.viewWallet' },
  'wallet.method-updated': { template: 'notification.walletMethodUpdated', link: '/payments/wallet', linkTextKey: 'notification.link.viewWallet' },
  'scheduled-payment.created': { template: 'notification.scheduledPaymentCreated', link: '/payments/scheduled-payments', linkTextKey: 'notification.link.viewScheduledPayments' },
  'scheduled-payment.changed': { template: 'notification.scheduledPaymentChanged', link: '/payments/scheduled-payments', linkTextKey: 'notification.link.viewScheduledPayments' },
  'scheduled-payment.cancelled': { template: 'notification.scheduledPaymentCancelled', link: '/payments/scheduled-payments', linkTextKey: 'notification.link.viewScheduledPayments' },
  'scheduled-payment.cleared': { template: 'notification.scheduledPaymentsCleared', link: '/payments/scheduled-payments', linkTextKey: 'notification.link.viewScheduledPayments' },
  'autopay.enrolled': { template: 'notification.autopayEnrolled', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.changed': { template: 'notification.autopayChanged', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.replaced': { template: 'notification.autopayReplaced', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.cancelled': { template: 'notification.autopayCancelled', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.skip-next': { template: 'notification.autopaySkipNext', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.skip-undone': { template: 'notification.autopaySkipUndone', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.upcoming': { template: 'notification.autopayUpcoming', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.card-expires': { template: 'notification.autopayCardExpires', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.above-maximum': { template: 'notification.autopayAboveMaximum', link: '/payments/make-payment', linkTextKey: 'notification.link.makePayment' },
  'autopay.retry-scheduled': { template: 'notification.autopayRetryScheduled', link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'autopay.failed': { template: 'notification.autopayFailed', link: '/payments/make-payment', linkTextKey: 'notification.link.makePayment' },
  'service-request.submitted': { template: 'notification.serviceRequestSubmitted', link: SERVICE_REQUESTS, linkTextKey: 'notification.link.viewServiceRequests' },
  'service-request.in-review': { template: 'notification.serviceRequestInReview', link: SERVICE_REQUESTS, linkTextKey: 'notification.link.viewServiceRequests' },
  'service-request.completed': { template: 'notification.serviceRequestCompleted', link: SERVICE_REQUESTS, linkTextKey: 'notification.link.viewServiceRequests' },
  'service-request.rejected': { template: 'notification.serviceRequestRejected', link: SERVICE_REQUESTS, linkTextKey: 'notification.link.viewServiceRequests' },
  'service-request.cancelled': { template: 'notification.serviceRequestCancelled', link: SERVICE_REQUESTS, linkTextKey: 'notification.link.viewServiceRequests' },
};

/** `document.issued`: the message follows the kind of document (DOMAIN "Documents"). */
const DOCUMENT_ISSUED: Record<string, Message> = {
  invoice: { template: 'notification.invoiceAvailable', link: '/documents/invoice', linkTextKey: 'notification.link.viewInvoice' },
  notice: { template: 'notification.noticeAvailable', link: '/documents/notice', linkTextKey: 'notification.link.viewNotice' },
  tax: { template: 'notification.taxFormAvailable', link: '/documents/tax', linkTextKey: 'notification.link.viewTaxForms' },
};

/**
 * Notices that call for something of the member say so in the message itself (the billing clock's
 * transitions, DOMAIN "Grace period"); any other notice is announced as a new notice.
 */
const NOTICE_ISSUED: Record<string, Message> = {
  'past-due': { template: 'notification.pastDue', link: '/payments/make-payment', linkTextKey: 'notification.link.makePayment' },
  'grace-period': { template: 'notification.gracePeriodStarted', link: '/payments/make-payment', linkTextKey: 'notification.link.makePayment' },
  'claims-pended': { template: 'notification.claimsPended', link: '/payments/make-payment', linkTextKey: 'notification.link.makePayment' },
  'grace-period-ended': { template: 'notification.paymentsCurrent', link: '/account-overview', linkTextKey: 'notification.link.viewCoverage' },
  'termination:non-payment': { template: 'notification.policyTerminated', link: '/admin/policy-selection/span-selection/reactivate-plan', linkTextKey: 'notification.link.reinstate' },
  cancellation: { template: 'notification.coverageCancelled', link: '/documents/notice', linkTextKey: 'notification.link.viewNotice' },
  reinstatement: { template: 'notification.coverageReinstated', link: '/account-overview', linkTextKey: 'notification.link.viewCoverage' },
};

/**
 * Issue 13 `account.changed-for-you` (plugins/command.ts): staff or a broker changed something for the
 * member. One message for every kind of action; the link leads where that kind of change is seen (most
 * changes are service requests).
 */
const CHANGED_FOR_YOU_TEMPLATE = 'notification.changedForYou' as const;
const CHANGED_FOR_YOU_LINKS: Record<string, Omit<Message, 'template'>> = {
  'manage-autopay': { link: '/payments/autopay', linkTextKey: 'notification.link.viewAutopay' },
  'make-payment': { link: '/payments/payment-history', linkTextKey: 'notification.link.viewPayments' },
  'schedule-payment': { link: '/payments/scheduled-payments', linkTextKey: 'notification.link.viewScheduledPayments' },
  'manage-wallet': { link: '/payments/wallet', linkTextKey: 'notification.link.viewWallet' },
};
const CHANGED_FOR_YOU_DEFAULT_LINK: Omit<Message, 'template'> = { link: SERVICE_REQUESTS, linkTextKey: 'notification.link.viewServiceRequests' };

/** The message an event gives its household, if any. */
export function messageFor(event: Pick<OutboxEvent, 'type' | 'payload'>): Message | null {
  if (event.type === 'account.changed-for-you') {
    const links = CHANGED_FOR_YOU_LINKS[String(event.payload.actionKind)] ?? CHANGED_FOR_YOU_DEFAULT_LINK;
    return { template: CHANGED_FOR_YOU_TEMPLATE, ...links };
  }
  if (event.type === 'document.issued') {
    const documentType = String(event.payload.documentType);
    if (documentType === 'notice') {
      const subtype = String(event.payload.subtype);
      const key = typeof event.payload.reason === 'string' ? `${subtype}:${event.payload.reason}` : subtype;
      return NOTICE_ISSUED[key] ?? NOTICE_ISSUED[subtype] ?? DOCUMENT_ISSUED.notice ?? null;
    }
    return DOCUMENT_ISSUED[documentType] ?? null;
  }
  return FROM_EVENT[event.type] ?? null;
}

/** The notification templates the outbox can create (the web must translate each). */
export const EVENT_NOTIFICATION_TEMPLATES = [
  CHANGED_FOR_YOU_TEMPLATE,
  ...new Set([...Object.values(FROM_EVENT), ...Object.values(DOCUMENT_ISSUED), ...Object.values(NOTICE_ISSUED)].map((entry) => entry.template)),
];

/** The payload's facts that the template declares become the message's values (amounts in cents, dates, last digits). */
function valuesOf(template: NotificationTemplate, payload: Record<string, unknown>): Record<string, string | number> {
  const declared: readonly string[] = NOTIFICATION_TEMPLATES[template];
  const values: Record<string, string | number> = {};
  for (const key of declared) {
    const value = key === 'formType' ? (payload.formType ?? payload.subtype) : payload[key];
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  return values;
}

/**
 * Outbox channel: one in-app notification per event that has a message, for the event's household;
 * once committed, connected browsers of that household are told (live updates, when a hub is given).
 */
export function notificationChannel(live?: LiveHub): OutboxHandler {
  return async (tx: Transaction, event: OutboxEvent, dispatch?: DispatchContext) => {
    const spec = messageFor(event);
    const householdId = event.householdId;
    if (!spec || householdId === null) return;
    const documentId = typeof event.payload.documentId === 'string' ? event.payload.documentId : null;
    const [row] = await tx
      .insert(notifications)
      .values({
        householdId,
        templateName: spec.template,
        additionalValues: valuesOf(spec.template, event.payload),
        link: spec.link,
        linkTextKey: spec.linkTextKey,
        documentId,
        hasAttachment: documentId !== null,
      })
      .returning({ id: notifications.id });
    if (live && dispatch && row) {
      dispatch.afterCommit(() => live.publish(householdId, { event: 'notification', data: { id: row.id, templateName: spec.template } }));
    }
  };
}

/** The in-app channel without live updates (tests of the write path). */
export const notifyHousehold: OutboxHandler = notificationChannel();
