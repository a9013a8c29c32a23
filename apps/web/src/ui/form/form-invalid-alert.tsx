import { useEffect, useRef, useState, type RefObject } from 'react';
import { get, useFormState, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { firstInvalidField, FORM_ERROR_DURATION_MS, type FormNode } from '@portal/domain';
import Alert from '../../kit/Alert';
import type { FieldRegistry } from './field-registry';
import { useFieldText } from './use-field-message';

/** The named inputs of a form in display order (nested groups give dotted names: `billing.zipCode`). */
function namesInOrder(form: HTMLFormElement): string[] {
  const names: string[] = [];
  for (const element of form.querySelectorAll<HTMLElement>('input[name], select[name], textarea[name]')) {
    const name = element.getAttribute('name');
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * SPEC §5 form-invalid alert: after a failed submit, the first invalid field in display order (nested
 * groups included) gets focus — its input or select — and a red message says what is wrong, for
 * 5 seconds (SPEC §8); it is also announced (role="alert"). Server field errors count too.
 */
export function FormInvalidAlert({
  formRef,
  registry,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  registry: FieldRegistry;
}) {
  const { t } = useTranslation();
  const { message } = useFieldText();
  const { errors, submitCount } = useFormState();
  const [shown, setShown] = useState<{ text: string; attempt: number } | null>(null);
  const handled = useRef(0);

  useEffect(() => {
    const form = formRef.current;
    if (!form || submitCount === handled.current) return;
    const names = namesInOrder(form);
    const nodes: FormNode[] = names.map((name) => ({
      name,
      errors: get(errors as FieldErrors, name) ? [{ kind: 'other' }] : [],
    }));
    const invalid = firstInvalidField(nodes);
    if (!invalid) return;
    handled.current = submitCount;
    form
      .querySelector<HTMLElement>(
        `input[name="${invalid.name}"], select[name="${invalid.name}"], textarea[name="${invalid.name}"]`,
      )
      ?.focus();
    const field = registry.fieldOf(invalid.name);
    const error: { message?: string } | undefined = get(errors as FieldErrors, invalid.name);
    const text = (field ? message(field, error) : undefined) ?? t('validation.allFieldsRequired');
    // The alert follows a user action (a submit), not render: showing it here is the point of the effect.
    setShown({ text, attempt: submitCount });
  }, [submitCount, errors, formRef, registry, message, t]);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => {
      setShown(null);
    }, FORM_ERROR_DURATION_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [shown]);

  return (
    <div role="alert" aria-atomic="true">
      {shown && (
        <Alert severity="error" variant="filled" sx={{ mb: 2 }}>
          {shown.text}
        </Alert>
      )}
    </div>
  );
}
