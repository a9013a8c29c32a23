import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses, policies } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressRole = 'residential' | 'mailing';

const policyColumns = {
  id: policies.id,
  householdId: policies.householdId,
  policyNumber: policies.policyNumber,
  lineOfCoverage: policies.lineOfCoverage,
  offExchange: policies.offExchange,
  marketCoverage: policies.marketCoverage,
  residentialAddressId: policies.residentialAddressId,
  mailingAddressId: policies.mailingAddressId,
};

export type PolicyAddressFacts = Awaited<ReturnType<typeof policyAddressFacts>>;

/** The policy's addresses and what decides where a change goes (market, exchange); `lock` inside a change. */
export async function policyAddressFacts(db: Executor, policyId: string, lock = false) {
  const query = db.select(policyColumns).from(policies).where(eq(policies.id, policyId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function addressById(db: Executor, id: string, lock = false): Promise<AddressRow | undefined> {
  const query = db.select().from(addresses).where(eq(addresses.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every policy that uses the address row, in either role (a change must not move another role's address). */
export async function policiesUsingAddress(db: Executor, addressId: string) {
  return db
    .select(policyColumns)
    .from(policies)
    .where(or(eq(policies.residentialAddressId, addressId), eq(policies.mailingAddressId, addressId)))
    .orderBy(asc(policies.policyNumber));
}

/** The household's policies that send mail to their residential address `residentialAddressId` (no mailing address of their own). */
export async function policiesMailingHome(db: Executor, householdId: string, residentialAddressId: string) {
  return db
    .select(policyColumns)
    .from(policies)
    .where(
      and(
        eq(policies.householdId, householdId),
        eq(policies.residentialAddressId, residentialAddressId),
        isNull(policies.mailingAddressId),
      ),
    )
    .orderBy(asc(policies.policyNumber));
}

export type AddressValues = Pick<
  AddressRow,
  'street1' | 'street2' | 'city' | 'state' | 'zipCode' | 'countyName' | 'fipsCode'
>;

export async function insertAddress(
  tx: Executor,
  householdId: string | null,
  values: AddressValues,
): Promise<AddressRow> {
  const [row] = await tx
    .insert(addresses)
    .values({ householdId, ...values })
    .returning();
  if (!row) throw new Error('address not written');
  return row;
}

/** A change in place: the version goes up, so a change made from an older read is refused. */
export async function updateAddress(tx: Executor, id: string, values: AddressValues): Promise<AddressRow> {
  const [row] = await tx
    .update(addresses)
    .set({ ...values, version: sql`${addresses.version} + 1` })
    .where(eq(addresses.id, id))
    .returning();
  if (!row) throw new Error('address not written');
  return row;
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---

/** The street, city, state, ZIP and FIPS code an 834 change reports (the county is left as it is): the version goes up. */
export async function updateAddressFromEnrollment(
  tx: Executor,
  id: string,
  values: Omit<AddressValues, 'countyName'>,
): Promise<void> {
  await tx
    .update(addresses)
    .set({ ...values, version: sql`${addresses.version} + 1` })
    .where(eq(addresses.id, id));
}

// --- reads for document PDFs ---

/** The household's first address (the oldest row), undefined for none: where a household's own notice goes. */
export async function firstAddressOfHousehold(
  db: Executor,
  householdId: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.householdId, householdId))
    .orderBy(asc(addresses.createdAt))
    .limit(1);
  return row;
}
