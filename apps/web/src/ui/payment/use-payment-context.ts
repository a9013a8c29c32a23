import type { PolicySummary } from '@portal/contracts';
import { usePolicy } from '../../data/policy/get-policy';
import { useWallet } from '../../data/wallet/get-wallet';
import { useSignedInViewer } from '../../lib/viewer';
import { useSelectedPolicy } from '../policy-selector';

/**
 * What a payment page needs: the payable policies (filtered by the page), the selected one with its
 * finance, and the household's wallet (none for a guest: a guest pays with a one-time method).
 */
export function usePaymentContext(
  payable: (policy: PolicySummary) => boolean,
  preferred?: (policy: PolicySummary) => boolean,
) {
  const viewer = useSignedInViewer();
  const { policy, choices } = useSelectedPolicy(viewer.policies.filter(payable), preferred);
  const detail = usePolicy(viewer.credentialKey, policy?.id ?? '');
  const guest = viewer.session.kind === 'guest';
  const entry = viewer.household.households.find((candidate) =>
    candidate.policies.some((summary) => summary.id === policy?.id),
  );
  const wallet = useWallet(viewer.credentialKey, guest ? null : (entry?.household.walletReferenceId ?? null));
  return {
    viewer,
    policy,
    choices,
    detail,
    wallet: guest ? null : (wallet.data ?? null),
    walletLoading: !guest && wallet.isLoading,
  };
}
