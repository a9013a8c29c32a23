/** One audit row as the batch statement takes it (the columns of `audit_log`, snake_case). */
export interface AuditRow {
  actor_subject: string | null;
  actor_role: string | null;
  acting_for_household_id: string | null;
  action: string;
  route: string | null;
  record_type: string | null;
  record_ids: string[] | null;
  outcome: string;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  /** The acting session under way (staff acting for the row's household; docs/decisions/043). */
  acting_session_id: string | null;
}

/**
 * Many rows in one statement and one commit: one JSON parameter, converted by each column's own input
 * function (as the seed writes). Prepared once per connection on PostgreSQL.
 */
export const AUDIT_BATCH_SQL = `insert into audit_log (actor_subject, actor_role, acting_for_household_id, action, route, record_type, record_ids, outcome, reason, ip, user_agent, request_id, acting_session_id)
select actor_subject, actor_role, acting_for_household_id, action, route, record_type, record_ids, outcome, reason, ip, user_agent, request_id, acting_session_id
from json_to_recordset($1::json) as r(actor_subject text, actor_role text, acting_for_household_id uuid, action text, route text, record_type text, record_ids text[], outcome text, reason text, ip text, user_agent text, request_id text, acting_session_id uuid)`;

interface Waiting {
  row: AuditRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** SQLSTATE classes of errors caused by a row's own values (22 data exception, 23 integrity constraint). */
const rowError = (error: unknown): boolean => {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
};

/**
 * Group commit of the audit rows of requests that write nothing else (reads, refusals; docs/decisions/035).
 * `add` resolves once the statement holding the row has committed, so a request answers only after its
 * audit row is durable: nothing acknowledged is lost, even on SIGKILL. Rows that arrive while a batch is
 * being written wait for the next one: at most `maxInFlight` statements run at once, each with up to
 * `maxBatch` rows, so under load one commit carries many requests' rows and on an idle server a row is
 * written at once (after the current turn of the event loop, which lets simultaneous requests share it).
 * If a batch fails because of one row's values, the rows are written one by one so that only that
 * request fails; any other failure (the database is down) fails every request of the batch, as a single
 * insert would have.
 */
export class AuditBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private drained: (() => void)[] = [];

  constructor(
    private readonly write: (rows: AuditRow[]) => Promise<void>,
    private readonly options: { maxBatch: number; maxInFlight: number } = { maxBatch: 500, maxInFlight: 2 },
  ) {}

  add(row: AuditRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when every row handed over so far has been written (or has failed). */
  drain(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.inFlight += 1;
    // More than a batch waiting: the next statement may start beside this one.
    this.schedule();
    try {
      await this.write(batch.map((waiting) => waiting.row));
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (batch.length > 1 && rowError(error)) {
        for (const waiting of batch) {
          try {
            await this.write([waiting.row]);
            waiting.resolve();
          } catch (rowFailure) {
            waiting.reject(rowFailure);
          }
        }
      } else {
        for (const waiting of batch) waiting.reject(error);
      }
    } finally {
      this.inFlight -= 1;
      this.schedule();
      if (this.queue.length === 0 && this.inFlight === 0)
        for (const resolve of this.drained.splice(0)) resolve();
    }
  }
}
