import type { ClientEvent } from '@portal/contracts';
import type { Database } from '../../db/client';
import { redactDeep, scrubString } from '../../lib/redact';
import { insertClientEvents, type NewClientEvent } from './repository';

export interface RequestContext {
  requestId: string;
  userAgent: string | undefined;
}

/**
 * Stores client monitoring events. Browsers may put anything in a message, so every string — message,
 * page, details, user agent — is scrubbed with the same rules as the server's logs before it reaches the
 * database; query strings are cut from page paths.
 */
export async function recordClientEvents(
  db: Database,
  events: ClientEvent[],
  context: RequestContext,
): Promise<number> {
  const rows: NewClientEvent[] = events.map((event) => ({
    level: event.level,
    event: scrubString(event.event),
    message: event.message === undefined ? null : scrubString(event.message),
    page: event.page === undefined ? null : scrubString(event.page.split('?')[0] ?? ''),
    details: event.details === undefined ? null : (redactDeep(event.details) as Record<string, unknown>),
    requestId: context.requestId,
    userAgent: context.userAgent === undefined ? null : scrubString(context.userAgent).slice(0, 300),
  }));
  return insertClientEvents(db, rows);
}
