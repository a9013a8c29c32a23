import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { firstInvalidField, FORM_ERROR_DURATION_MS, type FormNode } from '@portal/domain';
import Alert from '@mui/material/Alert';
import { translateFieldError } from './form-errors';

export interface FormInvalidAlertProps {
  /** The form whose fields are focused (by `name`). */
  formRef: RefObject<HTMLFormElement | null>;
  /** Field names in display order (nested groups as dotted names are fine). */
  fields: readonly string[];
  /** react-hook-form's errors (as stored by zodFieldResolver). */
  errors: Partial<Record<string, { message?: string | undefined } | undefined>>;
  /** Changes on every submit attempt (react-hook-form's submitCount). */
  submitCount: number;
  /** Translated label of each field. */
  labels: Record<string, string>;
}

/**
 * SPEC §5 form-invalid alert: after a failed submit, the first invalid field (display order, nested
 * groups included) gets focus — its input or select — and a red message says what is wrong, for
 * 5 seconds (SPEC §8). The message is also announced (role="alert").
 */
export function FormInvalidAlert({ formRef, fields, errors, submitCount, labels }: FormInvalidAlertProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ text: string; attempt: number } | null>(null);
  const handled = useRef(0);

  useEffect(() => {
    if (submitCount === handled.current) return;
    handled.current = submitCount;
    const nodes: FormNode[] = fields.map((name) => ({ name, errors: errors[name] ? [{ kind: 'other' }] : [] }));
    const invalid = firstInvalidField(nodes);
    if (!invalid) return;
    const element = formRef.current?.querySelector<HTMLElement>(`input[name="${invalid.name}"], select[name="${invalid.name}"]`);
    element?.focus();
    const text = translateFieldError(t, errors[invalid.name], labels[invalid.name] ?? invalid.name) ?? t('validation.allFieldsRequired');
    // The alert follows a user action (submit), not render: showing it here is the point of the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMessage({ text, attempt: submitCount });
  }, [submitCount, errors, fields, formRef, labels, t]);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => {
      setMessage(null);
    }, FORM_ERROR_DURATION_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [message]);

  return (
    <div role="alert" aria-atomic="true">
      {message && (
        <Alert severity="error" variant="filled" sx={{ mb: 2 }}>
          {message.text}
        </Alert>
      )}
    </div>
  );
}
