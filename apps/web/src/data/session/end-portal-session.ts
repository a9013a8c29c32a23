import { apiSend } from '../../lib/api';

/** POST /api/v1/session/logout: ends a guest or asserted portal session on the server at once. */
export const endPortalSession = async (token: string): Promise<void> => {
  await apiSend('POST', '/api/v1/session/logout', { token });
};
