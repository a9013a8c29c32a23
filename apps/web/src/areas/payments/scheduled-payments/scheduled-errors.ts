import { PROBLEMS, useProblemText } from '../../../ui/problems';

/** A scheduled-payment command's refusal in the page's own words (scheduledPayments.errors.<code>), else the shared table's. */
export const useScheduledError = (): ((error: unknown) => string) =>
  useProblemText(PROBLEMS.scheduledPayments);
