import { and, desc, eq, sql } from 'drizzle-orm';
import { addMonths, type CalendarDate } from '@portal/domain';
import { readTogether, type Database } from '../../../db/client';
import { documents } from '../../../db/schema';
import type { PdfLanguage } from '../../../pdf/pdf-writer';
import { addressById, firstAddressOfHousehold, type AddressRow } from '../../address/service';
import { hasActiveAutopay } from '../../autopay/service';
import { planById } from '../../benefits/service';
import { eldestMemberOfHousehold, memberById } from '../../member/service';
import { householdLanguage } from '../../paperless/service';
import { succeededPaymentsBetween } from '../../payment/service';
import { planIdOfPolicyOn, policyById } from '../../policy/service';

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

const addressLines = (address: AddressRow | undefined): string[] =>
  address
    ? [
        address.street1,
        ...(address.street2 ? [address.street2] : []),
        `${address.city}, ${address.state} ${address.zipCode}`,
      ]
    : [];

/**
 * Loads what printing `document` needs (the caller has checked access): each fact from the module that owns
 * it, the independent ones together (a PDF is one record's page, so a few round trips are fine).
 */
export async function documentContext(db: Database, document: DocumentRow): Promise<DocumentContext> {
  const language = document.householdId ? await householdLanguage(db, document.householdId) : null;
  const context: DocumentContext = {
    document,
    householdLanguage: language ?? 'en',
    recipient: null,
    policy: null,
    paymentsReceived: [],
  };
  if (document.policyId === null) {
    // A household notice: addressed to the household's subscriber, if it has one.
    if (document.householdId === null) return context;
    const householdId = document.householdId;
    const [member, address] = await readTogether(db, [
      () => eldestMemberOfHousehold(db, householdId),
      () => firstAddressOfHousehold(db, householdId),
    ]);
    if (member)
      context.recipient = {
        name: `${member.firstName} ${member.lastName}`,
        dob: member.dob,
        addressLines: addressLines(address),
      };
    return context;
  }
  const policy = await policyById(db, document.policyId);
  if (!policy) return context;
  const addressId = policy.mailingAddressId ?? policy.residentialAddressId;
  // The plan of the period the document is about (an invoice's month), else of its date.
  const on = document.periodStart ?? document.documentDate;
  const [subscriber, address, plan, autopay] = await readTogether(db, [
    () => memberById(db, policy.subscriberMemberId),
    () => (addressId ? addressById(db, addressId) : Promise.resolve(undefined)),
    async () => {
      const planId = await planIdOfPolicyOn(db, policy.id, on);
      return planId === null ? undefined : planById(db, planId);
    },
    () => hasActiveAutopay(db, policy.id),
  ]);
  // policies.subscriber_member_id references members: a policy always has its subscriber.
  if (!subscriber) return context;
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
    planName: plan?.planName ?? null,
    autopay,
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
    const received = await succeededPaymentsBetween(db, policy.id, {
      // Since the previous invoice (the first invoice: the month before it).
      after: previous?.date ?? addMonths(document.documentDate, -1),
      through: document.documentDate,
      limit: 20,
    });
    context.paymentsReceived = received.map((payment) => ({
      date: payment.transactionDate,
      amountCents: payment.amountCents,
      method: payment.paymentMethod,
      lastDigits: payment.methodLastDigits,
    }));
  }
  return context;
}
