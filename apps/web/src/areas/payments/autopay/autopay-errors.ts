import { PROBLEMS, useProblemText } from '../../../ui/problems';

/** An autopay command's refusal in the page's own words (autopay.errors.<code>), else the shared table's. */
export const useAutopayError = (): ((error: unknown) => string) => useProblemText(PROBLEMS.autopay);
