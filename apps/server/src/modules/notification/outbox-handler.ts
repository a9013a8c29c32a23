import {
  NOTIFICATION_TEMPLATES,
  type NotificationLinkTextKey,
  type NotificationTemplate,
} from '@portal/contracts';
import type { Transaction } from '../../db/client';
import { sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { LiveHub } from '../../live/hub';
import type { DispatchContext, OutboxChannel } from '../../outbox/dispatcher';
import type { OutboxEvent } from '../../outbox/events';
import { brokerOfPolicy, brokersOfPolicies } from './repository';

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
  'payment.succeeded': {
    template: 'notification.paymentReceived',
    link: '/payments/payment-history',
    linkTextKey: 'notification.link.viewPayments',
  },
  'payment.pending': {
    template: 'notification.paymentPending',
    link: '/payments/payment-history',
    linkTextKey: 'notification.link.viewPayments',
  },
  'payment.settled': {
    template: 'notification.paymentSettled',
    link: '/payments/payment-history',
    linkTextKey: 'notification.link.viewPayments',
  },
  'payment.declined': {
    template: 'notification.paymentFailed',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
  },
  'payment.returned': {
    template: 'notification.paymentReturned',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
  },
  'payment.refunded': {
    template: 'notification.paymentRefunded',
    link: '/payments/payment-history',
    linkTextKey: 'notification.link.viewPayments',
  },
  'payment.voided': {
    template: 'notification.paymentVoided',
    link: '/payments/payment-history',
    linkTextKey: 'notification.link.viewPayments',
  },
  'payment.binder-paid': {
    template: 'notification.coverageEffectuated',
    link: '/account-overview',
    linkTextKey: 'notification.link.viewCoverage',
  },
  'wallet.method-added': {
    template: 'notification.walletMethodAdded',
    link: '/payments/wallet',
    linkTextKey: 'notification.link.viewWallet',
  },
  'wallet.method-removed': {
    template: 'notification.walletMethodRemoved',
    link: '/payments/wallet',
    linkTextKey: 'notification.link.viewWallet',
  },
  'wallet.default-changed': {
    template: 'notification.walletDefaultChanged',
    link: '/payments/wallet',
    linkTextKey: 'notification.link.viewWallet',
  },
  'wallet.method-updated': {
    template: 'notification.walletMethodUpdated',
    link: '/payments/wallet',
    linkTextKey: 'notification.link.viewWallet',
  },
  'scheduled-payment.created': {
    template: 'notification.scheduledPaymentCreated',
    link: '/payments/scheduled-payments',
    linkTextKey: 'notification.link.viewScheduledPayments',
  },
  'scheduled-payment.changed': {
    template: 'notification.scheduledPaymentChanged',
    link: '/payments/scheduled-payments',
    linkTextKey: 'notification.link.viewScheduledPayments',
  },
  'scheduled-payment.cancelled': {
    template: 'notification.scheduledPaymentCancelled',
    link: '/payments/scheduled-payments',
    linkTextKey: 'notification.link.viewScheduledPayments',
  },
  'scheduled-payment.cleared': {
    template: 'notification.scheduledPaymentsCleared',
    link: '/payments/scheduled-payments',
    linkTextKey: 'notification.link.viewScheduledPayments',
  },
  'autopay.enrolled': {
    template: 'notification.autopayEnrolled',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.changed': {
    template: 'notification.autopayChanged',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.replaced': {
    template: 'notification.autopayReplaced',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.cancelled': {
    template: 'notification.autopayCancelled',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.skip-next': {
    template: 'notification.autopaySkipNext',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.skip-undone': {
    template: 'notification.autopaySkipUndone',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.upcoming': {
    template: 'notification.autopayUpcoming',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.card-expires': {
    template: 'notification.autopayCardExpires',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.above-maximum': {
    template: 'notification.autopayAboveMaximum',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
  },
  'autopay.retry-scheduled': {
    template: 'notification.autopayRetryScheduled',
    link: '/payments/autopay',
    linkTextKey: 'notification.link.viewAutopay',
  },
  'autopay.failed': {
    template: 'notification.autopayFailed',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
  },
  'service-request.submitted': {
    template: 'notification.serviceRequestSubmitted',
    link: SERVICE_REQUESTS,
    linkTextKey: 'notification.link.viewServiceRequests',
  },
  'service-request.in-review': {
    template: 'notification.serviceRequestInReview',
    link: SERVICE_REQUESTS,
    linkTextKey: 'notification.link.viewServiceRequests',
  },
  'service-request.completed': {
    template: 'notification.serviceRequestCompleted',
    link: SERVICE_REQUESTS,
    linkTextKey: 'notification.link.viewServiceRequests',
  },
  'service-request.rejected': {
    template: 'notification.serviceRequestRejected',
    link: SERVICE_REQUESTS,
    linkTextKey: 'notification.link.viewServiceRequests',
  },
  'service-request.cancelled': {
    template: 'notification.serviceRequestCancelled',
    link: SERVICE_REQUESTS,
    linkTextKey: 'notification.link.viewServiceRequests',
  },
};

/** `document.issued`: the message follows the kind of document (DOMAIN "Documents"). */
const DOCUMENT_ISSUED: Record<string, Message> = {
  invoice: {
    template: 'notification.invoiceAvailable',
    link: '/documents/invoice',
    linkTextKey: 'notification.link.viewInvoice',
  },
  notice: {
    template: 'notification.noticeAvailable',
    link: '/documents/notice',
    linkTextKey: 'notification.link.viewNotice',
  },
  tax: {
    template: 'notification.taxFormAvailable',
    link: '/documents/tax',
    linkTextKey: 'notification.link.viewTaxForms',
  },
};

/**
 * Notices that call for something of the member say so in the message itself (the billing clock's
 * transitions, DOMAIN "Grace period"); any other notice is announced as a new notice.
 */
const NOTICE_ISSUED: Record<string, Message> = {
  'past-due': {
    template: 'notification.pastDue',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
  },
  'grace-period': {
    template: 'notification.gracePeriodStarted',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
  },
  'claims-pended': {
    template: 'notification.claimsPended',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
  },
  'grace-period-ended': {
    template: 'notification.paymentsCurrent',
    link: '/account-overview',
    linkTextKey: 'notification.link.viewCoverage',
  },
  'termination:non-payment': {
    template: 'notification.policyTerminated',
    link: '/admin/policy-selection/span-selection/reactivate-plan',
    linkTextKey: 'notification.link.reinstate',
  },
  cancellation: {
    template: 'notification.coverageCancelled',
    link: '/documents/notice',
    linkTextKey: 'notification.link.viewNotice',
  },
  reinstatement: {
    template: 'notification.coverageReinstated',
    link: '/account-overview',
    linkTextKey: 'notification.link.viewCoverage',
  },
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
  'schedule-payment': {
    link: '/payments/scheduled-payments',
    linkTextKey: 'notification.link.viewScheduledPayments',
  },
  'manage-wallet': { link: '/payments/wallet', linkTextKey: 'notification.link.viewWallet' },
};
const CHANGED_FOR_YOU_DEFAULT_LINK: Omit<Message, 'template'> = {
  link: SERVICE_REQUESTS,
  linkTextKey: 'notification.link.viewServiceRequests',
};

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

/**
 * Issue 13: the notices that also alert the client's broker of record — a grace period began (the billing
 * clock's transition), a renewal is pending (the renewal notice) — as a message in the broker's own inbox.
 */
const BROKER_ALERTS: Record<string, NotificationTemplate> = {
  'grace-period': 'notification.brokerClientGracePeriod',
  renewal: 'notification.brokerClientRenewal',
};

/** The alert an event gives the policy's broker, if any. */
export function brokerAlertFor(event: Pick<OutboxEvent, 'type' | 'payload'>): NotificationTemplate | null {
  if (event.type !== 'document.issued' || event.payload.documentType !== 'notice') return null;
  return BROKER_ALERTS[String(event.payload.subtype)] ?? null;
}

/** The notification templates the outbox can create (the web must translate each). */
export const EVENT_NOTIFICATION_TEMPLATES = [
  CHANGED_FOR_YOU_TEMPLATE,
  ...new Set(
    [...Object.values(FROM_EVENT), ...Object.values(DOCUMENT_ISSUED), ...Object.values(NOTICE_ISSUED)].map(
      (entry) => entry.template,
    ),
  ),
  ...new Set(Object.values(BROKER_ALERTS)),
];

/** The payload's facts that the template declares become the message's values (amounts in cents, dates, last digits). */
function valuesOf(
  template: NotificationTemplate,
  payload: Record<string, unknown>,
): Record<string, string | number> {
  const declared: readonly string[] = NOTIFICATION_TEMPLATES[template];
  const values: Record<string, string | number> = {};
  for (const key of declared) {
    const value = key === 'formType' ? (payload.formType ?? payload.subtype) : payload[key];
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  return values;
}

/** A notification row an event gives a household or a broker, before it is written. */
interface NotificationInput {
  householdId: string | null;
  brokerId: string | null;
  templateName: NotificationTemplate;
  additionalValues: Record<string, string | number>;
  link: string;
  linkTextKey: NotificationLinkTextKey;
  documentId: string | null;
}

type BrokerOfPolicy = NonNullable<Awaited<ReturnType<typeof brokerOfPolicy>>>;

/**
 * The rows an event gives, in the order they are written: the broker's alert (issue 13), when the event
 * has one and the policy a broker (`broker`), then the household's message.
 */
function notificationsFor(
  event: OutboxEvent,
  broker: BrokerOfPolicy | null | undefined,
): NotificationInput[] {
  const rows: NotificationInput[] = [];
  const alert = brokerAlertFor(event);
  if (alert && event.policyId && broker) {
    rows.push({
      householdId: null,
      brokerId: broker.brokerId,
      templateName: alert,
      additionalValues: valuesOf(alert, {
        ...event.payload,
        policyNumber: broker.policyNumber,
        clientName: broker.clientName,
      }),
      link: `/broker/clients/${event.policyId}`,
      linkTextKey: 'notification.link.viewClient',
      documentId: null,
    });
  }
  const spec = messageFor(event);
  if (spec && event.householdId !== null) {
    rows.push({
      householdId: event.householdId,
      brokerId: null,
      templateName: spec.template,
      additionalValues: valuesOf(spec.template, event.payload),
      link: spec.link,
      linkTextKey: spec.linkTextKey,
      documentId: typeof event.payload.documentId === 'string' ? event.payload.documentId : null,
    });
  }
  return rows;
}

/** Once committed, the inbox's connected browsers are told of the new row (live updates). */
function publishAfterCommit(
  live: LiveHub | undefined,
  dispatch: DispatchContext | undefined,
  written: readonly {
    id: string;
    householdId: string | null;
    brokerId: string | null;
    templateName: string;
  }[],
): void {
  if (!live || !dispatch || written.length === 0) return;
  for (const row of written) {
    const channel = row.householdId ?? `broker:${row.brokerId ?? ''}`;
    dispatch.afterCommit(() =>
      live.publish(channel, { event: 'notification', data: { id: row.id, templateName: row.templateName } }),
    );
  }
}

/**
 * Outbox channel: one in-app notification per event that has a message, for the event's household
 * (and, for some notices, an alert for the policy's broker); once committed, connected browsers of that
 * inbox are told (live updates, when a hub is given). A batch of events reads its policies' brokers in
 * one statement and writes its notifications in one more (decision 037), each row one microsecond after
 * the one before, so that an inbox lists them in the order of their events.
 */
export function notificationChannel(live?: LiveHub): OutboxChannel {
  return {
    one: async (tx: Transaction, event: OutboxEvent, dispatch?: DispatchContext) => {
      const broker =
        brokerAlertFor(event) && event.policyId ? await brokerOfPolicy(tx, event.policyId) : null;
      const rows = notificationsFor(event, broker);
      publishAfterCommit(live, dispatch, await insertNotifications(tx, rows));
    },
    many: async (tx: Transaction, events: readonly OutboxEvent[], dispatch?: DispatchContext) => {
      const alerted = events.flatMap((event) =>
        brokerAlertFor(event) && event.policyId ? [event.policyId] : [],
      );
      const brokers = await brokersOfPolicies(tx, alerted);
      const rows = events.flatMap((event) =>
        notificationsFor(event, event.policyId ? brokers.get(event.policyId) : null),
      );
      publishAfterCommit(live, dispatch, await insertNotifications(tx, rows));
    },
  };
}

/** Writes notification rows in one statement (one JSON parameter), in their order. */
async function insertNotifications(tx: Transaction, rows: readonly NotificationInput[]) {
  if (rows.length === 0) return [];
  const json = rows.map((row, n) => ({
    n,
    household_id: row.householdId,
    broker_id: row.brokerId,
    template_name: row.templateName,
    additional_values: row.additionalValues,
    link: row.link,
    link_text_key: row.linkTextKey,
    document_id: row.documentId,
  }));
  const result: unknown = await tx.execute(sql`
    insert into ${notifications} (household_id, broker_id, template_name, additional_values, link, link_text_key, document_id, has_attachment, created_at)
    select x.household_id, x.broker_id, x.template_name, x.additional_values, x.link, x.link_text_key, x.document_id, x.document_id is not null, now() + x.n * interval '1 microsecond'
      from json_to_recordset(${JSON.stringify(json)}::json)
        as x(n int, household_id uuid, broker_id uuid, template_name text, additional_values jsonb, link text, link_text_key text, document_id uuid)
      order by x.n
    returning id, household_id, broker_id, template_name`);
  return (
    result as {
      rows: { id: string; household_id: string | null; broker_id: string | null; template_name: string }[];
    }
  ).rows.map((row) => ({
    id: row.id,
    householdId: row.household_id,
    brokerId: row.broker_id,
    templateName: row.template_name,
  }));
}

/** The in-app channel without live updates (tests of the write path). */
export const notifyHousehold: OutboxChannel = notificationChannel();
