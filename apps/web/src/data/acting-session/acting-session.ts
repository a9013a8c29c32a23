import type { QueryClient } from '@tanstack/react-query';
import type { ActingSession, ActingSessionEndResponse, ActingSessionStartRequest } from '@portal/contracts';
import { apiPost } from '../../lib/api';

/**
 * Acting for a member (issue 33 item 14; docs/decisions/043): staff start an acting session for one
 * member with a reason, and end it. The session under way comes with `GET /api/v1/session`
 * (`actingSession`), which the viewer reads; starting or ending one refreshes it.
 */

/** `POST /api/v1/staff/acting-session`: not an idempotent command (a second start answers 409). */
export const startActingSession = (request: ActingSessionStartRequest): Promise<ActingSession> =>
  apiPost('/api/v1/staff/acting-session', (c) => c.ActingSessionSchema, request);

/** `POST /api/v1/staff/acting-session/end`: ending when none is under way is no error. */
export const endActingSession = (): Promise<ActingSessionEndResponse> =>
  apiPost('/api/v1/staff/acting-session/end', (c) => c.ActingSessionEndResponseSchema, {});

/** Drops every member's household, policies and 360; the staff user's own view (no member: lookup `null`) stays. */
function dropMembers(queryClient: QueryClient): void {
  queryClient.removeQueries({
    queryKey: ['household-user'],
    predicate: (query) => query.queryKey[2] !== null,
  });
  for (const key of ['policy', 'member-activity']) queryClient.removeQueries({ queryKey: [key] });
}

/**
 * After a session starts or ends, nothing of the member looked at before may show, and the session —
 * with the one under way — is read again. Started: the member's records go first (the page staff are on
 * is theirs). Ended: the session first, so that the portal leaves the member's pages before their records
 * go (a page still open would ask for them again, and be refused).
 */
export async function afterActingChanged(
  queryClient: QueryClient,
  change: 'started' | 'ended',
): Promise<void> {
  if (change === 'started') dropMembers(queryClient);
  await queryClient.invalidateQueries({ queryKey: ['session'] });
  if (change === 'ended') dropMembers(queryClient);
}
