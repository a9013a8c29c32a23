import type { LocateAccountRequest, LocateAccountResponse } from '@portal/contracts';
import { apiPost } from '../../lib/api';

/**
 * POST /api/v1/guest/locate-account (public): identifying facts → a short-lived guest token scoped to
 * paying that one account. Not found (404) and rate-limited (429) are answers the page explains in place.
 */
export const locateAccount = (request: LocateAccountRequest): Promise<LocateAccountResponse> =>
  apiPost('/api/v1/guest/locate-account', (c) => c.LocateAccountResponseSchema, request, { anonymous: true });
