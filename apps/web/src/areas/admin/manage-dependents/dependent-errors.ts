import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { problemMessageKey } from '../../../ui/form';

/**
 * Refusals of the dependent commands that are about the request as a whole, not one field the member
 * can fix (apps/server/src/modules/dependents/commands.ts): said in the page's own words above the form.
 */
const REQUEST_CODES = [
  'report-to-exchange',
  'policy-not-active',
  'too-many-dependents',
  'not-on-policy',
  'subscriber-not-removable',
  'not-covered',
] as const;
type RequestCode = (typeof REQUEST_CODES)[number] | 'already-requested';

/** A server field (`body.dependents.0.firstName`) → the form's field, or null for the request as a whole. */
export const dependentFieldOf = (field: string): string | null => {
  if (!field.startsWith('body.')) return null;
  const name = field.slice('body.'.length);
  return name === 'dependents' || name === 'memberId' ? null : name;
};

/** The refusal in the page's words, else the problem table's. */
export function useDependentError(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const errors = isApiError(error) ? (error.problem?.errors ?? []) : [];
    for (const fieldError of errors) {
      const code = fieldError.code as RequestCode | undefined;
      if (code === 'already-requested' && fieldError.field === 'body.memberId') return t('dependents.errors.already-requested', { reference: String(fieldError.params?.reference ?? '') });
      if (code && (REQUEST_CODES as readonly string[]).includes(code)) return t(`dependents.errors.${code as (typeof REQUEST_CODES)[number]}`, { maximum: Number(fieldError.params?.maximum ?? 0) });
    }
    return t(problemMessageKey(error));
  };
}
