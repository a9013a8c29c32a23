import { and, asc, desc, eq, gt, lte, or, isNull, gte, sql } from 'drizzle-orm';
import { addMonths, type CalendarDate } from '@portal/domain';
import type { Database } from '../../../db/client';
import {
  addresses,
  autopaySubscriptions,
  coverageSpans,
  documents,
  members,
  payments,
  plans,
  policies,
  preferences,
} from '../../../db/schema';
import type { PdfLanguage } from '../../../pdf/pdf-writer';

export type DocumentRow = typeof documents.$inferSelect;

/** What a printed document says besides its own facts: to whom, about which policy, what was paid. */
export interface DocumentContext {
  document: DocumentRow;
  /** The household's preferred language (the PDF's language unless the reader asks for another). */
  householdLanguage: PdfLanguage;
  recipient: { name: string; dob: CalendarDate; addressLines: string[] } | null;
  policy: {
    policyNumber: string;
    lineOfCoverage: 'Medical' | 'Dental' | 'Vision';
    onExchange: boolean;
    /** An employer's group policy (SPEC §3 marketCoverage 2): its other subsidy is the employer's contribution. */
    group: boolean;
    exchangeSubscriberId: string | null;
    planName: string | null;
    autopay: boolean;
  } | null;
  /** Invoices: payments received since the previous invoice, up to this one (what was paid). */
  paymentsReceived: {
    date: CalendarDate;
    amountCents: number;
    method: 'Card' | 'BankAccount';
    lastDigits: string | null;
  }[];
}

const addressLines = (address: typeof addresses.$inferSelect | undefined): string[] =>
  address
    ? [
        address.street1,
        ...(address.street2 ? [address.street2] : []),
        `${address.city}, ${address.state} ${address.zipCode}`,
      ]
    : [];

/** Loads what printing `document` needs (the caller has checked access). */
export async function documentContext(db: Database, document: DocumentRow): Promise<DocumentContext> {
  const [preference] = document.householdId
    ? await db
        .select({ language: preferences.language })
        .from(preferences)
        .where(eq(preferences.householdId, document.householdId))
    : [];
  const context: DocumentContext = {
    document,
    householdLanguage: preference?.language ?? 'en',
    recipient: null,
    policy: null,
    paymentsReceived: [],
  };
  if (document.policyId === null) {
    // A household notice: addressed to the household's subscriber, if it has one.
    if (document.householdId === null) return context;
    const [member] = await db
      .select()
      .from(members)
      .where(eq(members.householdId, document.householdId))
      .orderBy(asc(members.dob))
      .limit(1);
    const [address] = await db
      .select()
      .from(addresses)
      .where(eq(addresses.householdId, document.householdId))
      .orderBy(asc(addresses.createdAt))
      .limit(1);
    if (member)
      context.recipient = {
        name: `${member.firstName} ${member.lastName}`,
        dob: member.dob,
        addressLines: addressLines(address),
      };
    return context;
  }
  const [row] = await db
    .select({ policy: policies, subscriber: members })
    .from(policies)
    .innerJoin(members, eq(members.id, policies.subscriberMemberId))
    .where(eq(policies.id, document.policyId));
  if (!row) return context;
  const { policy, subscriber } = row;
  const addressId = policy.mailingAddressId ?? policy.residentialAddressId;
  const [address] = addressId ? await db.select().from(addresses).where(eq(addresses.id, addressId)) : [];
  // The plan of the period the document is about (an invoice's month), else of its date.
  const on = document.periodStart ?? document.documentDate;
  const [span] = await db
    .select({ planName: plans.planName })
    .from(coverageSpans)
    .innerJoin(plans, eq(plans.id, coverageSpans.planId))
    .where(
      and(
        eq(coverageSpans.policyId, policy.id),
        eq(coverageSpans.cancelled, false),
        lte(coverageSpans.startDate, on),
        or(isNull(coverageSpans.endDate), gte(coverageSpans.endDate, on)),
      ),
    )
    .orderBy(desc(coverageSpans.startDate))
    .limit(1);
  const [fallbackSpan] = span
    ? [span]
    : await db
        .select({ planName: plans.planName })
        .from(coverageSpans)
        .innerJoin(plans, eq(plans.id, coverageSpans.planId))
        .where(eq(coverageSpans.policyId, policy.id))
        .orderBy(asc(coverageSpans.startDate))
        .limit(1);
  const [autopay] = await db
    .select({ id: autopaySubscriptions.id })
    .from(autopaySubscriptions)
    .where(and(eq(autopaySubscriptions.policyId, policy.id), eq(autopaySubscriptions.state, 'Active')))
    .limit(1);
  context.recipient = {
    name: `${subscriber.firstName} ${subscriber.lastName}`,
    dob: subscriber.dob,
    addressLines: addressLines(address),
  };
  context.policy = {
    policyNumber: policy.policyNumber,
    lineOfCoverage: policy.lineOfCoverage,
    onExchange: !policy.offExchange,
    group: policy.marketCoverage === 2,
    exchangeSubscriberId: policy.exchangeSubscriberId,
    planName: fallbackSpan?.planName ?? null,
    autopay: autopay !== undefined,
  };
  if (document.type === 'invoice') {
    const [previous] = await db
      .select({ date: documents.documentDate })
      .from(documents)
      .where(
        and(
          eq(documents.policyId, policy.id),
          eq(documents.type, 'invoice'),
          sql`${documents.documentDate} < ${document.documentDate}`,
        ),
      )
      .orderBy(desc(documents.documentDate))
      .limit(1);
    const received = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.policyId, policy.id),
          eq(payments.transactionStatus, 'Succeeded'),
          lte(payments.transactionDate, document.documentDate),
          // Since the previous invoice (the first invoice: the month before it).
          gt(payments.transactionDate, previous?.date ?? addMonths(document.documentDate, -1)),
        ),
      )
      .orderBy(asc(payments.transactionDate))
      .limit(20);
    context.paymentsReceived = received.map((payment) => ({
      date: payment.transactionDate,
      amountCents: payment.amountCents,
      method: payment.paymentMethod,
      lastDigits: payment.methodLastDigits,
    }));
  }
  return context;
}
