import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { BrokerSearchQuery } from '@portal/contracts';
import type { Database } from '../../db/client';
import { brokers } from '../../db/schema';

/** A LIKE pattern matching values that start with `prefix`, its own wildcards taken literally. */
const startsWith = (prefix: string): string => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Brokers matching every given criterion: names from their start, case-insensitively (on
 * `lower(...)`, as `brokers_last_first_idx` is built), the NPN exactly. Ordered by last name.
 */
export async function searchBrokers(db: Database, query: BrokerSearchQuery, limit: number) {
  const conditions: SQL[] = [];
  if (query.lastName !== undefined) conditions.push(sql`lower(${brokers.lastName}) like ${startsWith(query.lastName)}`);
  if (query.firstName !== undefined) conditions.push(sql`lower(${brokers.firstName}) like ${startsWith(query.firstName)}`);
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
