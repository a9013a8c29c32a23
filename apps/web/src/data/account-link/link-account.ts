import type { LinkAccountRequest, LinkAccountResponse } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** `POST /api/v1/account/link`: links the signed-in member's account to their member record. */
export const linkAccount = (
  request: LinkAccountRequest,
  idempotencyKey: string,
): Promise<LinkAccountResponse> =>
  apiCommand('POST', '/api/v1/account/link', (c) => c.LinkAccountResponseSchema, request, idempotencyKey);
