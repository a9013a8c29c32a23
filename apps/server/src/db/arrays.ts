import { sql, type SQL } from 'drizzle-orm';

/**
 * A list of ids as ONE array parameter (`= any(${idArray(ids, 'uuid')})`), where drizzle would expand a
 * JavaScript array into one parameter per element: the statement's text stays the same whatever the
 * list's length (decision 037). Only for ids (uuids, integers): the array literal quotes nothing.
 */
export function idArray(ids: readonly (string | number)[], type: 'uuid' | 'bigint'): SQL {
  const literal = `{${ids.join(',')}}`;
  return type === 'uuid' ? sql`${literal}::uuid[]` : sql`${literal}::bigint[]`;
}
