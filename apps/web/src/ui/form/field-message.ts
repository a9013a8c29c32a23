import type { FieldError as ServerFieldError } from '@portal/contracts';
import { formErrorMessage, type FieldError } from '@portal/domain';
import type { z } from 'zod';
import type { LooseT } from '../../i18n/loose';

/**
 * What is wrong with one field, stored in react-hook-form's `message` (as JSON) and translated where
 * the field is shown, with that field's own translated name and grammatical gender (es/pt agreement:
 * "Fecha de nacimiento es obligatoria", "Código postal es obligatorio").
 *
 * - SPEC §5 kinds (required, min/max length, format, other) come from the domain's `formErrorMessage`;
 * - business rules the server (or a form) names by code (`above-maximum`, `date-in-future`) have their
 *   own message `validation.rule.<code>`.
 */
export type FieldMessage =
  | { readonly key: string; readonly params: Readonly<Record<string, string | number>> }
  | { readonly rule: string; readonly params: Readonly<Record<string, string | number>> };

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** SPEC §5 kind of one zod issue (the same mapping for the browser's check and the server's answer). */
export function kindOfIssue(
  code: string,
  details: { origin?: unknown; minimum?: unknown; maximum?: unknown; format?: unknown },
  value: unknown,
): FieldError {
  if (isBlank(value)) return { kind: 'required' };
  const length = typeof value === 'string' ? value.trim().length : 0;
  switch (code) {
    case 'too_small':
      return details.origin === 'string'
        ? { kind: 'minLength', requiredLength: Number(details.minimum), actualLength: length }
        : { kind: 'other', name: code };
    case 'too_big':
      return details.origin === 'string'
        ? { kind: 'maxLength', requiredLength: Number(details.maximum), actualLength: length }
        : { kind: 'other', name: code };
    case 'invalid_format':
      return details.format === 'email' ? { kind: 'email' } : { kind: 'pattern' };
    default:
      return { kind: 'other', name: code };
  }
}

/** The message of a zod issue found in the browser. A refinement that names a `code` is a rule. */
export function messageOfIssue(issue: z.core.$ZodIssue, value: unknown): FieldMessage {
  if (issue.code === 'custom' && typeof issue.params?.code === 'string' && !isBlank(value)) {
    const { code, ...params } = issue.params as Record<string, string | number>;
    return { rule: String(code), params };
  }
  const details = issue as unknown as {
    origin?: unknown;
    minimum?: unknown;
    maximum?: unknown;
    format?: unknown;
  };
  return fromKinds([kindOfIssue(issue.code, details, value)]);
}

/** The message of a field error in a problem answer (plugins/errors.ts on the server). */
export function messageOfServerError(error: ServerFieldError, value: unknown): FieldMessage {
  const code = error.code ?? 'other';
  const params = error.params ?? {};
  if (/^[a-z]+(_[a-z]+)+$/.test(code) || code === 'custom' || code === 'other') {
    return fromKinds([kindOfIssue(code, params, value)]);
  }
  return { rule: code, params };
}

function fromKinds(kinds: FieldError[]): FieldMessage {
  const message = formErrorMessage('field', kinds);
  return message
    ? {
        key: message.key,
        params: Object.fromEntries(Object.entries(message.params).filter(([name]) => name !== 'field')),
      }
    : { key: 'validation.allFieldsRequired', params: {} };
}

export const encodeMessage = (message: FieldMessage): string => JSON.stringify(message);

export function decodeMessage(text: string | undefined): FieldMessage | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<FieldMessage> & { params?: Record<string, string | number> };
    if ('rule' in parsed && typeof parsed.rule === 'string')
      return { rule: parsed.rule, params: parsed.params ?? {} };
    if ('key' in parsed && typeof parsed.key === 'string')
      return { key: parsed.key, params: parsed.params ?? {} };
    return null;
  } catch {
    return null;
  }
}

/** A field's translated name and grammatical gender (`fields.<name>` in the language files). */
export interface FieldName {
  label: string;
  gender: string;
}

/** The sentence for a field's message, in the active language, agreeing with the field's name. */
export function translateFieldMessage(t: LooseT, message: FieldMessage, field: FieldName): string {
  const options = { ...message.params, field: field.label, context: field.gender };
  if ('rule' in message)
    return t(`validation.rule.${message.rule}`, {
      ...options,
      defaultValue: t('validation.format', options),
    });
  return t(message.key, options);
}
