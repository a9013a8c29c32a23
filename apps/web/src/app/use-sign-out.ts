import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endSessionQuietly, SIGNED_OUT_PATH, signOut } from '../lib/auth/auth';
import { resetPortalState } from '../lib/portal-state';
import { whileProcessing } from '../ui/processing';

export type SignOutReason = 'user' | 'timeout';

/**
 * Sign-out (SPEC §2 account menu, §4 idle): the server ends the session and revokes its refresh token
 * and, for a sign-out the user chose, the identity provider's session ends too (its end-session page returns to the logged-out
 * page). A time-out ends the session where the user is and shows the logged-out screen at once.
 */
export function useSignOut(): (reason: SignOutReason) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useCallback(
    (reason: SignOutReason) =>
      whileProcessing(async () => {
        // The member being looked at (member search) is forgotten whichever way the session ends.
        resetPortalState();
        const leaving = reason === 'user' ? await signOut(i18n.language) : (await endSessionQuietly(), false);
        if (leaving) return;
        queryClient.clear();
        await navigate(`${SIGNED_OUT_PATH}${reason === 'timeout' ? '?reason=timeout' : ''}`, {
          replace: true,
        });
      }),
    [navigate, queryClient, i18n.language],
  );
}
