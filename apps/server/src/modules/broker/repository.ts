import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BrokerSearchQuery } from '@portal/contracts';
import type { Database, Executor } from '../../db/client';
import { brokers } from '../../db/schema';

/** A LIKE pattern matching values that start with `prefix`, its own wildcards taken literally. */
const startsWith = (prefix: string): string => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Brokers matching every given criterion: names from their start, case-insensitively (on
 * `lower(...)`, as `brokers_last_first_idx` is built), the NPN exactly. Ordered by last name.
 */
export async function searchBrokers(db: Database, query: BrokerSearchQuery, limit: number) {
  const conditions: SQL[] = [];
  if (query.lastName !== undefined)
    conditions.push(sql`lower(${brokers.lastName}) like ${startsWith(query.lastName)}`);
  if (query.firstName !== undefined)
    conditions.push(sql`lower(${brokers.firstName}) like ${startsWith(query.firstName)}`);
  if (query.npn !== undefined) conditions.push(eq(brokers.npn, query.npn));
  return db
    .select({
      id: brokers.id,
      npn: brokers.npn,
      firstName: brokers.firstName,
      lastName: brokers.lastName,
      agencyName: brokers.agencyName,
      email: brokers.email,
      phone: brokers.phone,
    })
    .from(brokers)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${brokers.lastName})`), asc(sql`lower(${brokers.firstName})`), asc(brokers.npn))
    .limit(limit);
}

/** One broker of the directory, with the states they are licensed in (a new broker of record must be licensed where the policy is). */
export async function brokerById(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: brokers.id,
      npn: brokers.npn,
      firstName: brokers.firstName,
      lastName: brokers.lastName,
      agencyName: brokers.agencyName,
      licensedStates: brokers.licensedStates,
    })
    .from(brokers)
    .where(eq(brokers.id, id));
  return row;
}

/** A broker of the directory by National Producer Number (a change-broker request names the new broker so). */
export async function brokerByNpn(db: Executor, npn: string) {
  const [row] = await db
    .select({ id: brokers.id, npn: brokers.npn, firstName: brokers.firstName, lastName: brokers.lastName })
    .from(brokers)
    .where(eq(brokers.npn, npn));
  return row;
}

/** One broker of the directory, as the queue's comparison names them. */
export async function brokerNameById(db: Executor, id: string) {
  const [row] = await db
    .select({ id: brokers.id, npn: brokers.npn, firstName: brokers.firstName, lastName: brokers.lastName })
    .from(brokers)
    .where(eq(brokers.id, id));
  return row;
}

// --- reads for saml, audit ---

/** The names of these brokers (and their agency), by broker id (unknown ids are left out). */
export async function brokerNamesOf(
  db: Executor,
  brokerIds: readonly string[],
): Promise<Map<string, { firstName: string; lastName: string; agencyName: string | null }>> {
  if (brokerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: brokers.id,
      firstName: brokers.firstName,
      lastName: brokers.lastName,
      agencyName: brokers.agencyName,
    })
    .from(brokers)
    .where(inArray(brokers.id, [...brokerIds]));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}
