import type { PaperlessSettings, UpdatePaperlessRequest, UpdatePaperlessResponse } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** PUT /api/v1/Household/:householdId/paperless (a command: Idempotency-Key). */
export const updatePaperless = (
  householdId: string,
  request: UpdatePaperlessRequest,
  idempotencyKey: string,
): Promise<UpdatePaperlessResponse> =>
  apiCommand(
    'PUT',
    `/api/v1/Household/${encodeURIComponent(householdId)}/paperless`,
    (c) => c.UpdatePaperlessResponseSchema,
    request,
    idempotencyKey,
  );

/** POST /api/v1/paperless/confirm-email: the token of the link in the confirmation e-mail. */
export const confirmPaperlessEmail = (token: string, idempotencyKey: string): Promise<PaperlessSettings> =>
  apiCommand(
    'POST',
    '/api/v1/paperless/confirm-email',
    (c) => c.PaperlessSettingsSchema,
    { token },
    idempotencyKey,
  );
