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
export const endActingSession = (): Promise<ActingSessionEndResponse> => apiPost('/api/v1/staff/acting-session/end', (c) => c.ActingSessionEndResponseSchema, {});

/**
 * After a session starts or ends: nothing of the member looked at before may show (their household,
 * policies, 360), and the session — with the one under way — is read again.
 */
export async function afterActingChanged(queryClient: QueryClient): Promise<void> {
  // The staff user's own view (no member: the lookup `null`) stays; every member's is dropped.
  queryClient.removeQueries({ queryKey: ['household-user'], predicate: (query) => query.queryKey[2] !== null });
  for (const key of ['policy', 'member-activity']) queryClient.removeQueries({ queryKey: [key] });
  await queryClient.invalidateQueries({ queryKey: ['session'] });
}
