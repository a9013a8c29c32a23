import { PROBLEMS, useProblemText } from '../../../ui/problems';

/** A wallet command's refusal in the page's own words (wallet.errors.<code>), else the shared table's. */
export const useWalletError = (): ((error: unknown) => string) => useProblemText(PROBLEMS.wallet);
