import * as schema from '../db/schema';

/**
 * The rows the generator makes, one list per table, typed by the Drizzle schema. Every row of a table
 * is made by one function with every column it sets present, so a batch always has one column list.
 */
export const SEED_TABLES = {
  employerGroups: schema.employerGroups,
  brokers: schema.brokers,
  plans: schema.plans,
  households: schema.households,
  addresses: schema.addresses,
  contactInformation: schema.contactInformation,
  preferences: schema.preferences,
  members: schema.members,
  policies: schema.policies,
  coverageSpans: schema.coverageSpans,
  memberSpans: schema.memberSpans,
  finances: schema.finances,
  reinstatementEligibility: schema.reinstatementEligibility,
  documents: schema.documents,
  wallets: schema.wallets,
  walletCards: schema.walletCards,
  walletBankAccounts: schema.walletBankAccounts,
  payments: schema.payments,
  scheduledPayments: schema.scheduledPayments,
  autopaySubscriptions: schema.autopaySubscriptions,
  notifications: schema.notifications,
  accounts: schema.accounts,
  serviceRequests: schema.serviceRequests,
  serviceRequestEvents: schema.serviceRequestEvents,
} as const;

export type SeedTable = keyof typeof SEED_TABLES;

/** Tables in foreign-key order: every table comes after the tables it references. */
export const SEED_TABLE_ORDER = Object.keys(SEED_TABLES) as SeedTable[];

type Insert<K extends SeedTable> = (typeof SEED_TABLES)[K]['$inferInsert'];

export type SeedRows = { [K in SeedTable]: Insert<K>[] };

export type EmployerGroupRow = Insert<'employerGroups'>;
export type BrokerRow = Insert<'brokers'>;
export type HouseholdRow = Insert<'households'>;
export type AddressRow = Insert<'addresses'>;
export type MemberRow = Insert<'members'>;
export type PolicyRow = Insert<'policies'>;
export type CoverageSpanRow = Insert<'coverageSpans'>;
export type MemberSpanRow = Insert<'memberSpans'>;
export type FinanceRow = Insert<'finances'>;
export type DocumentRow = Insert<'documents'>;
export type PaymentRow = Insert<'payments'>;
export type NotificationRow = Insert<'notifications'>;
export type AccountRow = Insert<'accounts'>;

export function emptyRows(): SeedRows {
  const rows = {} as Record<SeedTable, unknown[]>;
  for (const table of SEED_TABLE_ORDER) rows[table] = [];
  return rows as SeedRows;
}

/** Appends every row of `from` to `into` (in place) and returns `into`. */
export function appendRows(into: SeedRows, from: SeedRows): SeedRows {
  for (const table of SEED_TABLE_ORDER) {
    const target = into[table] as unknown[];
    for (const row of from[table]) target.push(row);
  }
  return into;
}

export function rowCounts(rows: SeedRows): Record<SeedTable, number> {
  const counts = {} as Record<SeedTable, number>;
  for (const table of SEED_TABLE_ORDER) counts[table] = rows[table].length;
  return counts;
}
