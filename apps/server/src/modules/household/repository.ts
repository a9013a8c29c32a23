import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { households } from '../../db/schema';
import type { HouseholdRow } from '../policy/service';
import { walletReferenceOf } from '../wallet/service';

const statements = preparedStatements((db) => ({
  byIds: db
    .select({
      id: households.id,
      exchangeId: households.exchangeId,
      walletReferenceId: walletReferenceOf(households.id),
    })
    .from(households)
    .where(sql`${households.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('households_by_ids'),
}));

/** These households as the household list shows them (their ids and where their wallet is), one prepared statement. */
export async function loadHouseholds(db: Database, householdIds: string[]): Promise<HouseholdRow[]> {
  if (householdIds.length === 0) return [];
  return statements(db).byIds.execute({ ids: householdIds });
}
