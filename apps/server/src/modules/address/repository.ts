import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressRole = 'residential' | 'mailing';

export async function addressById(db: Executor, id: string, lock = false): Promise<AddressRow | undefined> {
  const query = db.select().from(addresses).where(eq(addresses.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
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
