import { PROBLEMS, useProblemText } from '../../../ui/problems';

/** A server field (`body.dependents.0.firstName`) → the form's field, or null for the request as a whole. */
export const dependentFieldOf = (field: string): string | null => {
  if (!field.startsWith('body.')) return null;
  const name = field.slice('body.'.length);
  return name === 'dependents' || name === 'memberId' ? null : name;
};

/** The refusal in the page's words (dependents.errors.<code>), else the shared table's. */
export const useDependentError = (): ((error: unknown) => string) => useProblemText(PROBLEMS.dependents);
