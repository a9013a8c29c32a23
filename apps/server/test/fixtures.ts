import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client';
import {
  accounts,
  addresses,
  autopaySubscriptions,
  brokers,
  coverageSpans,
  documents,
  households,
  members,
  memberSpans,
  notifications,
  payments,
  policies,
  plans,
  scheduledPayments,
  serviceRequestAttachments,
  serviceRequestEvents,
  serviceRequests,
  walletBankAccounts,
  walletCards,
  wallets,
} from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { newPublicId } from '../src/lib/public-id';
import { PDF } from './files';

export const PASSWORD = 'Correct-Horse-42';

let counter = 0;
const unique = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}${(counter += 1).toString(36)}`;

/** A household with one member (the subscriber) and one active policy; overrides for what a test needs. */
export async function createMemberWithPolicy(
  db: Database,
  options: { brokerId?: string | null; withHousehold?: boolean; dob?: string; zipCode?: string } = {},
) {
  const householdId = options.withHousehold === false ? null : randomUUID();
  if (householdId) await db.insert(households).values({ id: householdId });
  const memberId = randomUUID();
  const folderId = newPublicId('memberFolder');
  await db.insert(members).values({
    id: memberId,
    householdId,
    folderId,
    firstName: 'Test',
    lastName: 'Member',
    dob: options.dob ?? '1985-04-12',
    gender: 'female',
  });
  const planId = '77421MA0010001-01';
  await db
    .insert(plans)
    .values({
      id: planId,
      lineOfCoverage: 'Medical',
      planName: 'Test Silver HMO',
      metalLevel: 'Silver',
      planType: 'HMO',
      planYear: 2026,
      effectiveDate: '2026-01-01',
      effectiveEndDate: '2026-12-31',
      monthlyPremiumCents: 45000,
      deductibleCents: 300000,
      outOfPocketMaxCents: 900000,
      drugsCovered: 'Generic and preferred brand',
    })
    .onConflictDoNothing();
  const addressId = randomUUID();
  await db.insert(addresses).values({
    id: addressId,
    householdId,
    street1: '12 Harbor St',
    city: 'Fall River',
    state: 'MA',
    zipCode: options.zipCode ?? '02720',
    countyName: 'Bristol',
    fipsCode: '25005',
  });
  const policyId = randomUUID();
  const exchangeSubscriberId = unique('X').slice(-10).toUpperCase();
  const policyNumber = unique('P');
  const issuerSubscriberId = unique('S');
  await db.insert(policies).values({
    id: policyId,
    householdId,
    subscriberMemberId: memberId,
    policyNumber,
    issuerSubscriberId,
    exchangeSubscriberId,
    residentialAddressId: addressId,
    marketCoverage: 1,
    offExchange: false,
    lineOfCoverage: 'Medical',
    enrollmentType: 'New',
    enrollmentStatus: 'Active',
    brokerId: options.brokerId ?? null,
    fileSource: 'Exchange',
  });
  // Covered from the start of last year, open-ended: an active policy today.
  const startDate = `${new Date().getUTCFullYear() - 1}-01-01`;
  await db.insert(coverageSpans).values({
    policyId,
    addFolderId: unique('A'),
    startDate,
    planId,
    planType: 'HMO',
    premiumAmountCents: 45000,
    policyRateAmountCents: 45000,
    taxCreditAmountCents: 30000,
    effectuatedDate: startDate,
    groupOrPolicyNumber: policyNumber,
  });
  await db.insert(memberSpans).values({ policyId, memberId, relationship: 'self', startDate, ratingAge: 40 });
  return {
    householdId,
    memberId,
    policyId,
    exchangeSubscriberId,
    policyNumber,
    folderId,
    issuerSubscriberId,
  };
}

export async function createAccount(
  db: Database,
  input: {
    realm: 'consumer' | 'workforce';
    roles: string[];
    memberId?: string | null;
    brokerId?: string | null;
    disabled?: boolean;
  },
) {
  const username = unique('user.');
  const [row] = await db
    .insert(accounts)
    .values({
      realm: input.realm,
      username,
      givenName: 'Pat',
      familyName: 'Tester',
      email: `${username}@example.org`,
      passwordHash: hashPassword(PASSWORD),
      roles: input.roles,
      memberId: input.memberId ?? null,
      brokerId: input.brokerId ?? null,
      disabled: input.disabled ?? false,
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('account not created');
  return { id: row.id, username };
}

export async function createBroker(db: Database) {
  const [row] = await db
    .insert(brokers)
    .values({ npn: String(Math.floor(Math.random() * 1e9)), firstName: 'Bea', lastName: 'Broker' })
    .returning({ id: brokers.id });
  if (!row) throw new Error('broker not created');
  return row.id;
}

/** A wallet for a household with one Visa card (the default) and one checking account; tokens are unique. */
export async function createWallet(db: Database, householdId: string) {
  const referenceId = newPublicId('wallet');
  const cardToken = unique('tok_card_');
  const bankToken = unique('tok_bank_');
  const [wallet] = await db
    .insert(wallets)
    .values({ householdId, referenceId, defaultToken: cardToken })
    .returning({ id: wallets.id });
  if (!wallet) throw new Error('wallet not created');
  const [card] = await db
    .insert(walletCards)
    .values({
      walletId: wallet.id,
      token: cardToken,
      cardType: 'Visa',
      last4: '4242',
      expirationMonth: 9,
      expirationYear: 2030,
      cardHolderName: 'Test Member',
      funding: 'credit',
      nickname: 'Household card',
      billingStreet1: '12 Harbor St',
      billingCity: 'Fall River',
      billingState: 'MA',
      billingZipCode: '02720',
    })
    .returning({ id: walletCards.id });
  const [bank] = await db
    .insert(walletBankAccounts)
    .values({
      walletId: wallet.id,
      token: bankToken,
      last3: '789',
      routingNumber: '211070175',
      bankName: 'Harbor Savings',
      accountType: 'Checking',
      accountHolderName: 'Test Member',
    })
    .returning({ id: walletBankAccounts.id });
  if (!card || !bank) throw new Error('wallet items not created');
  return { walletId: wallet.id, referenceId, cardId: card.id, cardToken, bankAccountId: bank.id, bankToken };
}

/** A notification for a household, unread unless `readAt` is given. */
export async function createNotification(
  db: Database,
  householdId: string,
  options: { createdAt?: Date; readAt?: Date | null; templateName?: string } = {},
) {
  const [row] = await db
    .insert(notifications)
    .values({
      householdId,
      templateName: options.templateName ?? 'notification.invoiceAvailable',
      additionalValues: { amountCents: 15000 },
      link: '/documents/invoice',
      linkTextKey: 'notification.link.viewInvoice',
      createdAt: options.createdAt ?? new Date(),
      readAt: options.readAt ?? null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification not created');
  return row.id;
}

/** A portal-visible monthly invoice of a policy (in its household), billing the month after its date. */
export async function createInvoice(
  db: Database,
  owner: { householdId: string | null; policyId: string | null },
  documentDate = '2026-01-05',
) {
  const [year, month] = documentDate.split('-').map(Number) as [number, number];
  const billed = new Date(Date.UTC(year, month, 1));
  const periodStart = billed.toISOString().slice(0, 10);
  const periodEnd = new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
  const [row] = await db
    .insert(documents)
    .values({
      householdId: owner.householdId,
      policyId: owner.policyId,
      type: 'invoice',
      subtype: 'monthly',
      documentDate,
      periodStart,
      periodEnd,
      dueDate: periodStart,
      amountDueCents: 15000,
      facts: { premiumCents: 45000, taxCreditCents: 30000 },
    })
    .returning({ id: documents.id });
  if (!row) throw new Error('document not created');
  return row.id;
}

/** A recorded payment of a policy (history and receipts). */
export async function createPayment(
  db: Database,
  policyId: string,
  override: Partial<typeof payments.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({
      policyId,
      amountCents: 21_122,
      transactionDate: '2026-01-02',
      transactionId: unique('txn_'),
      transactionStatus: 'Succeeded',
      paymentMethod: 'Card',
      methodLastDigits: '4242',
      methodBrand: 'Visa',
      paymentSource: 'Portal',
      ...override,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment not created');
  return row.id;
}

/** A scheduled payment of a policy (Scheduled unless `override` says otherwise), paying with a wallet token. */
export async function createScheduledPayment(
  db: Database,
  policyId: string,
  paymentToken: string,
  override: Partial<typeof scheduledPayments.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(scheduledPayments)
    .values({
      policyId,
      paymentAmountCents: 15_000,
      paymentDate: '2026-12-15',
      paymentMethod: 'Card',
      paymentToken,
      ...override,
    })
    .returning({ id: scheduledPayments.id });
  if (!row) throw new Error('scheduled payment not created');
  return row.id;
}

/** An autopay subscription of a policy (Active unless `override` says otherwise), paying the amount due with a wallet token. */
export async function createAutopaySubscription(
  db: Database,
  policyId: string,
  paymentToken: string,
  override: Partial<typeof autopaySubscriptions.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(autopaySubscriptions)
    .values({
      policyId,
      name: 'Autopay',
      amountType: 'AmountDue',
      paymentMethod: 'Card',
      paymentToken,
      runDay: 1,
      startDate: '2026-01-01',
      ...override,
    })
    .returning({ id: autopaySubscriptions.id });
  if (!row) throw new Error('autopay subscription not created');
  return row.id;
}

/** A service request of a household (Completed unless `override` says otherwise), with one PDF attached. */
export async function createServiceRequest(
  db: Database,
  owner: { householdId: string; policyId: string | null },
  override: Partial<typeof serviceRequests.$inferInsert> = {},
): Promise<{ id: string; attachmentId: string }> {
  const [row] = await db
    .insert(serviceRequests)
    .values({
      referenceNumber: unique('SR-T'),
      householdId: owner.householdId,
      policyId: owner.policyId,
      type: 'general',
      status: 'Completed',
      subject: 'Replacement ID card',
      details: { message: 'Please mail me a new card.' },
      requestedByRole: 'member',
      ...override,
    })
    .returning({ id: serviceRequests.id, status: serviceRequests.status });
  if (!row) throw new Error('service request not created');
  await db
    .insert(serviceRequestEvents)
    .values({ requestId: row.id, status: 'Submitted', actorKind: 'member' });
  if (row.status !== 'Submitted')
    await db
      .insert(serviceRequestEvents)
      .values({ requestId: row.id, status: row.status, actorKind: 'staff' });
  const content = PDF;
  const [attachment] = await db
    .insert(serviceRequestAttachments)
    .values({
      requestId: row.id,
      fileName: 'letter.pdf',
      contentType: 'application/pdf',
      sizeBytes: content.length,
      sha256: 'test',
      content,
    })
    .returning({ id: serviceRequestAttachments.id });
  return { id: row.id, attachmentId: attachment?.id ?? '' };
}
