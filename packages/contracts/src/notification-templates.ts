/**
 * The notification messages the server can produce (SPEC §3 Notification: `templateName` with
 * `additionalValues`), with the values each one carries, and the link texts. The web app translates
 * every template and link text in every language; its i18n test checks it against this list, and
 * that a translation uses only values its template carries (as the web shows them: `amountCents`
 * becomes `amount`, formatted as money; `…Date` values are formatted as dates).
 */
export const NOTIFICATION_TEMPLATES = {
  // Written by the seed from the billing and coverage history.
  'notification.invoiceAvailable': ['policyNumber', 'amountCents'],
  'notification.paymentReceived': ['policyNumber', 'amountCents', 'paymentDate', 'last4'],
  'notification.paymentFailed': ['policyNumber', 'amountCents', 'paymentDate', 'last4'],
  'notification.gracePeriodStarted': ['policyNumber', 'amountCents'],
  'notification.policyTerminated': ['policyNumber', 'amountCents'],
  'notification.binderPaymentDue': ['policyNumber', 'amountCents'],
  'notification.renewalAvailable': ['policyNumber'],
  'notification.planChanged': ['policyNumber'],
  'notification.taxFormAvailable': ['policyNumber', 'formType'],
  'notification.scheduledPaymentCreated': ['policyNumber', 'amountCents', 'paymentDate'],
  'notification.autopayEnrolled': ['policyNumber'],
  'notification.welcome': ['policyNumber'],
  'notification.enrollmentReminder': [],
  // Documents issued while the portal runs (the outbox's `document.issued`).
  'notification.noticeAvailable': ['policyNumber', 'subtype'],
  // Notices of the billing clock (issue 10): a notice of each transition, and this message beside it.
  'notification.pastDue': ['policyNumber', 'amountCents', 'gracePeriodEndDate'],
  'notification.claimsPended': ['policyNumber', 'amountCents', 'gracePeriodEndDate'],
  'notification.paymentsCurrent': ['policyNumber'],
  'notification.coverageCancelled': ['policyNumber', 'effectiveDate'],
  // Issue 11: a terminated policy reinstated (its notice, subtype `reinstatement`).
  'notification.coverageReinstated': ['policyNumber', 'coveredThroughDate'],
  // Service requests (issue 11; the outbox's service-request.* events): each status the member is told of.
  'notification.serviceRequestSubmitted': ['referenceNumber'],
  'notification.serviceRequestInReview': ['referenceNumber'],
  'notification.serviceRequestCompleted': ['referenceNumber'],
  'notification.serviceRequestRejected': ['referenceNumber'],
  'notification.serviceRequestCancelled': ['referenceNumber'],
  // Payments and wallet (the outbox's payment.* and wallet.* events).
  'notification.paymentPending': ['policyNumber', 'amountCents', 'paymentDate', 'last4'],
  'notification.paymentSettled': ['policyNumber', 'amountCents', 'paymentDate', 'last4'],
  'notification.paymentReturned': ['policyNumber', 'amountCents', 'paymentDate', 'last4'],
  // Issue 13 payments desk: staff refunded (part of) a payment, or voided a bank payment before it settled.
  'notification.paymentRefunded': ['policyNumber', 'amountCents', 'paymentDate', 'last4'],
  'notification.paymentVoided': ['policyNumber', 'amountCents', 'paymentDate', 'last4'],
  'notification.coverageEffectuated': ['policyNumber', 'effectiveDate'],
  'notification.walletMethodAdded': ['last4'],
  'notification.walletMethodRemoved': ['last4'],
  'notification.walletDefaultChanged': ['last4'],
  'notification.walletMethodUpdated': ['last4'],
  // Scheduled payments (the outbox's scheduled-payment.* events; created is notification.scheduledPaymentCreated above).
  'notification.scheduledPaymentChanged': ['policyNumber', 'amountCents', 'paymentDate'],
  'notification.scheduledPaymentCancelled': ['policyNumber', 'amountCents', 'paymentDate'],
  'notification.scheduledPaymentsCleared': ['policyNumber'],
  // Autopay (the outbox's autopay.* events; enrolling is notification.autopayEnrolled above).
  'notification.autopayChanged': ['policyNumber'],
  'notification.autopayReplaced': ['policyNumber', 'last4'],
  'notification.autopayCancelled': ['policyNumber'],
  'notification.autopaySkipNext': ['policyNumber', 'runDate'],
  'notification.autopaySkipUndone': ['policyNumber', 'runDate'],
  'notification.autopayUpcoming': ['policyNumber', 'amountCents', 'runDate', 'last4'],
  'notification.autopayCardExpires': ['policyNumber', 'runDate', 'last4'],
  'notification.autopayAboveMaximum': ['policyNumber', 'amountCents'],
  'notification.autopayRetryScheduled': ['policyNumber', 'amountCents', 'nextAttemptDate', 'last4'],
  'notification.autopayFailed': ['policyNumber', 'amountCents', 'last4'],
  // Issue 13: staff or a broker changed something for the member (plugins/command.ts, every command):
  // who (`staff` | `broker`), the kind of action (a role-config action) and the day. The web translates
  // `actor` and `actionKind` (notification.actors.*, notification.actionKinds.*).
  'notification.changedForYou': ['actor', 'actionKind', 'changedDate'],
} as const satisfies Record<string, readonly string[]>;

export type NotificationTemplate = keyof typeof NOTIFICATION_TEMPLATES;
export const NOTIFICATION_TEMPLATE_NAMES = Object.keys(NOTIFICATION_TEMPLATES) as NotificationTemplate[];

/** Link-text translation keys used with notification links. */
export const NOTIFICATION_LINK_TEXT_KEYS = [
  'notification.link.viewInvoice',
  'notification.link.viewPayments',
  'notification.link.makePayment',
  'notification.link.viewNotice',
  'notification.link.viewTaxForms',
  'notification.link.reinstate',
  'notification.link.viewScheduledPayments',
  'notification.link.viewAutopay',
  'notification.link.applyForCoverage',
  'notification.link.viewCoverage',
  'notification.link.viewWallet',
  'notification.link.viewServiceRequests',
] as const;
export type NotificationLinkTextKey = (typeof NOTIFICATION_LINK_TEXT_KEYS)[number];

/** How the web names a value in a translation: amounts in cents become `amount` (money). */
export const notificationValueName = (key: string): string => (key === 'amountCents' ? 'amount' : key);
