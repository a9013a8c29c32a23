import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { formErrorMessage, type FieldError, type TranslatableMessage } from '@portal/domain';
import type { z } from 'zod';

/**
 * SPEC §5 messages for react-hook-form, from the contract's zod schema (HOUSE_STYLE "Schemas once":
 * the form checks with the schema the server checks with). Each field error carries the domain's
 * translatable message (`formErrorMessage`) as JSON in `message`, translated where it is shown.
 */

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Maps one zod issue to the SPEC §5 error kinds. */
export function fieldErrorOf(issue: z.core.$ZodIssue, value: unknown): FieldError {
  if (isBlank(value)) return { kind: 'required' };
  const length = typeof value === 'string' ? value.trim().length : 0;
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? { kind: 'minLength', requiredLength: Number(issue.minimum), actualLength: length } : { kind: 'other' };
    case 'too_big':
      return issue.origin === 'string' ? { kind: 'maxLength', requiredLength: Number(issue.maximum), actualLength: length } : { kind: 'other' };
    case 'invalid_format':
      return issue.format === 'email' ? { kind: 'email' } : { kind: 'pattern' };
    case 'invalid_type':
    case 'invalid_union':
    case 'invalid_value':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case 'custom':
      return { kind: 'other', name: issue.code };
  }
}

export function zodFieldResolver<T extends FieldValues>(schema: z.ZodType<T>): Resolver<T> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const byField = new Map<string, FieldError[]>();
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const value = (values as Record<string, unknown>)[field];
      byField.set(field, [...(byField.get(field) ?? []), fieldErrorOf(issue, value)]);
    }
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, list] of byField) {
      const message = formErrorMessage(field, list);
      if (message && list[0]) errors[field] = { type: list[0].kind, message: JSON.stringify(message) };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** The domain message stored by {@link zodFieldResolver}, or null. */
export function messageOf(error: { message?: string | undefined } | undefined): TranslatableMessage | null {
  if (!error?.message) return null;
  try {
    const parsed = JSON.parse(error.message) as TranslatableMessage;
    return typeof parsed.key === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Translates a field message with the field's translated label in place of the English split name. */
export function translateFieldError(
  t: (key: string, params: Record<string, unknown>) => string,
  error: { message?: string | undefined } | undefined,
  label: string,
): string | undefined {
  const message = messageOf(error);
  return message ? t(message.key, { ...message.params, field: label }) : undefined;
}
