import pg from 'pg';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The connection pool of a PostgreSQL deployment: node-postgres's own, with one repair for how Drizzle
 * uses it.
 *
 * Drizzle's node-postgres `transaction()` (0.45.x and 1.0 release candidates; drizzle-orm#6241, #6023,
 * still open) takes a connection from the pool and sends `BEGIN` before the `try … finally` that gives the
 * connection back. When `BEGIN` fails — the connection died between the pool handing it out and the
 * statement, as when PostgreSQL is stopped or restarted under load — the connection is never given back.
 * The pool has one connection fewer for the rest of the process's life; a few outages could exhaust it, and
 * `close()` (`pool.end()`) waited for it forever: the fault test of a PostgreSQL outage hung in its
 * cleanup for three minutes in CI (stop 44).
 *
 * Here a connection handed out by `connect()` (what Drizzle's transactions and our migration use) gives
 * itself back, marked broken so the pool discards it, when its first statement fails; giving it back again
 * later does nothing. `pool.query()` (every statement outside a transaction) is node-postgres's own path,
 * which always gives its connection back. Drop this class once Drizzle releases in a `finally`.
 */
export class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // pg-pool's own `query()` checks out with a callback and releases in every case: left as it is.
    if (callback) {
      super.connect(callback);
      return;
    }
    return super.connect().then(givenBackIfFirstStatementFails);
  }
}

function givenBackIfFirstStatementFails(client: pg.PoolClient): pg.PoolClient {
  let first = true;
  let released = false;
  const release = (error?: Error | boolean): void => {
    if (released) return;
    released = true;
    client.release(error);
  };
  const query = (...args: unknown[]): unknown => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the client itself
    const result: unknown = Reflect.apply(client.query, client, args);
    if (!first) return result;
    first = false;
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      release(error instanceof Error ? error : true);
      throw error;
    });
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'release') return release;
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
