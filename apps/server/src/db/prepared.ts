import type { Database } from './client';

/**
 * Statements built once per database and reused on every call (docs/decisions/035): Drizzle builds a
 * query's SQL on each call unless it is prepared, and on PostgreSQL a named prepared statement is also
 * parsed and planned once per connection. `build` makes the statements (`db.select(…).prepare('name')`
 * with `sql.placeholder`s); the returned function gives the ones of that database, building them on first use.
 * Statement names must be unique across the server: PostgreSQL keeps them per connection.
 */
export function preparedStatements<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let found = built.get(db);
    if (found === undefined) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}
