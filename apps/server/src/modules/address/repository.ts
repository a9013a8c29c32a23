import { eq, sql } from 'drizzle-orm';
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
