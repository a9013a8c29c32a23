import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import { FieldRegistryContext, type FieldKey, type FieldRegistry } from './field-registry';
import { FormInvalidAlert } from './form-invalid-alert';
import { problemMessageKey } from './problem-message';

export interface PortalFormProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Called with the values once the schema accepts them. */
  onSubmit: SubmitHandler<T>;
  /** The last failure of the form's command: said in place above the fields (SPEC §8). */
  error?: unknown;
  /** A page's own words for a failure (a payment decline); the problem table otherwise. */
  describeError?: (error: unknown) => ReactNode;
  /** The id of the heading that names the form. */
  labelledBy?: string;
  children: ReactNode;
}

/**
 * Every form of the portal: react-hook-form with the contract's schema (see zod-resolver.ts), the SPEC §5
 * form-invalid alert, the command's failure said in place, and the inputs of ./inputs.tsx that show
 * their own translated messages. Nothing typed is lost on a refusal: the values stay in the form.
 */
export function PortalForm<T extends FieldValues>({
  form,
  onSubmit,
  error,
  describeError,
  labelledBy,
  children,
}: PortalFormProps<T>) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useRef(new Map<string, FieldKey>());
  const register = useCallback((name: string, field: FieldKey) => {
    fields.current.set(name, field);
    return () => {
      if (fields.current.get(name) === field) fields.current.delete(name);
    };
  }, []);
  const registry = useMemo<FieldRegistry>(
    () => ({ register, fieldOf: (name) => fields.current.get(name) }),
    [register],
  );
  const submit = form.handleSubmit(onSubmit);
  return (
    <FormProvider {...form}>
      <FieldRegistryContext value={registry}>
        <Box
          component="form"
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-labelledby={labelledBy}
        >
          <FormInvalidAlert formRef={formRef} registry={registry} />
          {error !== undefined && error !== null && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {describeError?.(error) ?? t(problemMessageKey(error))}
            </Alert>
          )}
          {children}
        </Box>
      </FieldRegistryContext>
    </FormProvider>
  );
}
