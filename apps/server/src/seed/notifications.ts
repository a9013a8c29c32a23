import { addDays, daysBetween, type CalendarDate } from '@portal/domain';
import { compareDates, instant } from './context';
import type { DocumentRef, PolicyHost, PolicyOutcome } from './model';
import type { NotificationRow } from './rows';
import type { NotificationLinkTextKey, NotificationTemplate } from '@portal/contracts';

/**
 * Portal notifications (SPEC §3 Notification). The message is a translation key (`templateName`)
 * with `additionalValues` as its parameters; money is in cents, dates are calendar dates. Links are
 * portal routes of SPEC §2. The templates and link texts are listed in packages/contracts
 * (notification-templates.ts), which the web's translations are checked against.
 */
interface Candidate {
  readonly date: CalendarDate;
  readonly template: NotificationTemplate;
  readonly values: Record<string, string | number>;
  readonly link: string;
  readonly linkTextKey: NotificationLinkTextKey;
  readonly document?: DocumentRef;
  /** Something the member should act on stays unread for a while. */
  readonly actionable: boolean;
  readonly followsFailure?: boolean;
}

/** The household's recent notifications: at most six, newest first, older ones mostly read. */
const MAX_PER_HOUSEHOLD = 6;

export function writeNotifications(
  host: PolicyHost,
  outcomes: readonly PolicyOutcome[],
  householdNotices: readonly DocumentRef[],
): void {
  const householdId = host.householdId;
  if (!householdId) return;
  const { rng, ctx } = host;
  const today = ctx.today;
  const candidates: Candidate[] = [];
  for (const outcome of outcomes) {
    const base = { policyNumber: outcome.policyNumber };
    const invoice = outcome.invoices.at(-1);
    if (invoice) {
      candidates.push({
        date: invoice.date,
        template: 'notification.invoiceAvailable',
        values: { ...base, amountCents: invoice.amountDue ?? 0 },
        link: '/documents/invoice',
        linkTextKey: 'notification.link.viewInvoice',
        document: invoice,
        actionable: (invoice.amountDue ?? 0) > 0,
      });
    }
    if (outcome.failedPayment) {
      candidates.push({
        date: addDays(outcome.failedPayment.date, 1),
        template: 'notification.paymentFailed',
        values: {
          ...base,
          amountCents: outcome.failedPayment.amount,
          paymentDate: outcome.failedPayment.date,
        },
        link: '/payments/make-payment',
        linkTextKey: 'notification.link.makePayment',
        actionable: false,
      });
    }
    if (outcome.lastPayment) {
      candidates.push({
        date: outcome.lastPayment.date,
        template: 'notification.paymentReceived',
        values: { ...base, amountCents: outcome.lastPayment.amount, paymentDate: outcome.lastPayment.date },
        link: '/payments/payment-history',
        linkTextKey: 'notification.link.viewPayments',
        actionable: false,
        followsFailure:
          outcome.failedPayment !== null &&
          compareDates(outcome.lastPayment.date, outcome.failedPayment.date) >= 0,
      });
    }
    for (const notice of outcome.notices) {
      const template = NOTICE_TEMPLATES[notice.subtype];
      if (!template) continue;
      candidates.push({
        date: notice.date,
        template: template.template,
        values: { ...base, ...(notice.amountDue ? { amountCents: notice.amountDue } : {}) },
        link: template.link,
        linkTextKey: template.linkTextKey,
        document: notice,
        actionable: template.actionable,
      });
    }
    for (const form of outcome.taxForms.filter((candidate) => candidate.subtype !== 'MA-1099-HC')) {
      candidates.push({
        date: form.date,
        template: 'notification.taxFormAvailable',
        values: { ...base, formType: form.subtype },
        link: '/documents/tax',
        linkTextKey: 'notification.link.viewTaxForms',
        document: form,
        actionable: false,
      });
    }
    const nextScheduled = outcome.scheduled[0];
    if (nextScheduled) {
      candidates.push({
        date: addDays(today, -1),
        template: 'notification.scheduledPaymentCreated',
        values: { ...base, amountCents: nextScheduled.amount, paymentDate: nextScheduled.date },
        link: '/payments/scheduled-payments',
        linkTextKey: 'notification.link.viewScheduledPayments',
        actionable: false,
      });
    }
    if (outcome.autopayStart && compareDates(outcome.autopayStart, today) < 0) {
      candidates.push({
        date: outcome.autopayStart,
        template: 'notification.autopayEnrolled',
        values: base,
        link: '/payments/autopay',
        linkTextKey: 'notification.link.viewAutopay',
        actionable: false,
      });
    }
  }
  for (const notice of householdNotices) {
    candidates.push({
      date: notice.date,
      template: 'notification.enrollmentReminder',
      values: {},
      link: '/admin/additional-products',
      linkTextKey: 'notification.link.applyForCoverage',
      document: notice,
      actionable: true,
    });
  }

  const kept = candidates
    .filter((candidate) => compareDates(candidate.date, today) < 0)
    .sort((a, b) => compareDates(b.date, a.date))
    .slice(0, MAX_PER_HOUSEHOLD);
  const failureIds = new Map<string | number | undefined, string>();
  const rows: NotificationRow[] = [];
  // Oldest first, so a payment that follows a failed one can point at it (SPEC §3 parentID).
  for (const candidate of [...kept].reverse()) {
    const id = rng.uuid();
    const created = instant(candidate.date, rng.int(12 * 60, 20 * 60));
    const age = daysBetween(candidate.date, today);
    const read = candidate.actionable ? age > 20 && rng.chance(0.6) : age > 3 && rng.chance(0.85);
    rows.push({
      id,
      householdId,
      createdAt: created,
      readAt: read ? instant(addDays(candidate.date, Math.min(age - 1, rng.int(0, 3))), 23 * 60) : null,
      templateName: candidate.template,
      additionalValues: candidate.values,
      parentId: candidate.followsFailure ? (failureIds.get(candidate.values.policyNumber) ?? null) : null,
      link: candidate.link,
      linkTextKey: candidate.linkTextKey,
      dropDownLink: null,
      dropDownLinkTextKey: null,
      documentId: candidate.document?.id ?? null,
      hasAttachment: candidate.document !== undefined,
    });
    if (candidate.template === 'notification.paymentFailed')
      failureIds.set(candidate.values.policyNumber, id);
  }
  host.rows.notifications.push(...rows);
}

const NOTICE_TEMPLATES: Partial<
  Record<
    string,
    {
      template: NotificationTemplate;
      link: string;
      linkTextKey: Candidate['linkTextKey'];
      actionable: boolean;
    }
  >
> = {
  welcome: {
    template: 'notification.welcome',
    link: '/documents/notice',
    linkTextKey: 'notification.link.viewNotice',
    actionable: false,
  },
  renewal: {
    template: 'notification.renewalAvailable',
    link: '/documents/notice',
    linkTextKey: 'notification.link.viewNotice',
    actionable: false,
  },
  'plan-change': {
    template: 'notification.planChanged',
    link: '/documents/notice',
    linkTextKey: 'notification.link.viewNotice',
    actionable: false,
  },
  'grace-period': {
    template: 'notification.gracePeriodStarted',
    link: '/payments/make-payment',
    linkTextKey: 'notification.link.makePayment',
    actionable: true,
  },
  termination: {
    template: 'notification.policyTerminated',
    link: '/admin/policy-selection/span-selection/reactivate-plan',
    linkTextKey: 'notification.link.reinstate',
    actionable: true,
  },
  'binder-payment-due': {
    template: 'notification.binderPaymentDue',
    link: '/payments/binding-payment',
    linkTextKey: 'notification.link.makePayment',
    actionable: true,
  },
};
