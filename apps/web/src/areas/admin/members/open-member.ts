import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { updatePortalState, type ActingFor } from '../../../lib/portal-state';

export const MEMBER_360_PATH = '/admin/members/member-360';

/**
 * Opens a member for staff (issue 13): the portal enters the "acting for" state (the shell's banner) with
 * their household — or, for policies that belong to no household, one of their policies — and the lists
 * of the member looked at before are dropped so nothing of theirs shows; then the member 360.
 */
export function useOpenMember() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (member: ActingFor) => {
      queryClient.removeQueries({ queryKey: ['household-user'] });
      queryClient.removeQueries({ queryKey: ['policy'] });
      updatePortalState({ actingFor: member, selectedPolicyId: null });
      void navigate(MEMBER_360_PATH);
    },
    [navigate, queryClient],
  );
}
