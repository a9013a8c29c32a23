/**
 * Form validation messages and field normalisation (SPEC §5 "Validation rules").
 *
 * Messages are translation keys with parameters, not English text: the UI speaks en, es and pt.
 */

/** SPEC §5: one validation failure of a field, as the form library reports it (mapped to these kinds by the caller). */
export type FieldError =
  | { readonly kind: 'required' }
  | { readonly kind: 'maxLength'; readonly requiredLength: number; readonly actualLength: number }
  | { readonly kind: 'minLength'; readonly requiredLength: number; readonly actualLength: number }
  | { readonly kind: 'pattern' }
  | { readonly kind: 'mask' }
  | { readonly kind: 'email' }
  | { readonly kind: 'other'; readonly name?: string };

/** SPEC §5: a message to show: a translation key and the values it interpolates. */
export interface TranslatableMessage {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
}

/** SPEC §5: translation keys used by {@link formErrorMessage}. */
export const VALIDATION_MESSAGE_KEYS = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  format: 'validation.format',
  allFieldsRequired: 'validation.allFieldsRequired',
} as const;

/** SPEC §5/§8: how long the form-invalid alert shows, in milliseconds. */
export const FORM_ERROR_DURATION_MS = 5000;

/**
 * SPEC §5: splits a camel-case field name into capitalised words: `firstName` → `First Name`,
 * `zipCode` → `Zip Code`, `exchangeID` → `Exchange ID`, `address2` → `Address 2`. Underscores,
 * hyphens and dots also separate words.
 */
export function fieldLabel(fieldName: string): string {
  const words = fieldName.replace(/[_.\-\s]+/g, ' ').match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [];
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/**
 * SPEC §5 "Messages", first matching rule wins: required → `validation.required` with the field
 * name; maximum length → `validation.maxLength`; minimum length → `validation.minLength` with the
 * required and actual length; pattern, mask or email → `validation.format`; anything else →
 * `validation.allFieldsRequired`. The field name is shown through {@link fieldLabel}.
 * Returns `null` when there are no errors.
 */
export function formErrorMessage(
  fieldName: string,
  errors: readonly FieldError[],
): TranslatableMessage | null {
  if (errors.length === 0) return null;
  const field = fieldLabel(fieldName);
  const find = <K extends FieldError['kind']>(kind: K): Extract<FieldError, { kind: K }> | undefined =>
    errors.find((error): error is Extract<FieldError, { kind: K }> => error.kind === kind);

  if (find('required') !== undefined) return { key: VALIDATION_MESSAGE_KEYS.required, params: { field } };
  const max = find('maxLength');
  if (max !== undefined) {
    return {
      key: VALIDATION_MESSAGE_KEYS.maxLength,
      params: { field, requiredLength: max.requiredLength, actualLength: max.actualLength },
    };
  }
  const min = find('minLength');
  if (min !== undefined) {
    return {
      key: VALIDATION_MESSAGE_KEYS.minLength,
      params: { field, requiredLength: min.requiredLength, actualLength: min.actualLength },
    };
  }
  if (errors.some((error) => error.kind === 'pattern' || error.kind === 'mask' || error.kind === 'email')) {
    return { key: VALIDATION_MESSAGE_KEYS.format, params: { field } };
  }
  return { key: VALIDATION_MESSAGE_KEYS.allFieldsRequired, params: {} };
}

/** SPEC §5: a field or a group of fields of a form, in display order. */
export interface FormNode {
  readonly name: string;
  readonly errors?: readonly FieldError[];
  readonly children?: readonly FormNode[];
}

/** SPEC §5: the first invalid field found by {@link firstInvalidField}. */
export interface InvalidField {
  /** Names from the top-level group down to the field, e.g. `['address', 'zipCode']`. */
  readonly path: readonly string[];
  readonly name: string;
  readonly errors: readonly FieldError[];
}

/**
 * SPEC §5 "Form-invalid alert": the first invalid field in display order, looking inside nested
 * groups (depth first); `null` when the form is valid. A group's own errors count only when none
 * of its fields is invalid.
 */
export function firstInvalidField(nodes: readonly FormNode[]): InvalidField | null {
  return findInvalid(nodes, []);
}

function findInvalid(nodes: readonly FormNode[], parents: readonly string[]): InvalidField | null {
  for (const node of nodes) {
    const path = [...parents, node.name];
    const inChildren = findInvalid(node.children ?? [], path);
    if (inChildren !== null) return inChildren;
    if (node.errors !== undefined && node.errors.length > 0)
      return { path, name: node.name, errors: node.errors };
  }
  return null;
}

/** SPEC §5: a zip code longer than 5 characters is cut to 5 (`02139-4307` → `02139`); shorter ones are kept. */
export function truncateZip(zip: string): string {
  return zip.length > 5 ? zip.slice(0, 5) : zip;
}

/** SPEC §5: a mailing address with an empty zip is accepted but only warned about; this says when. */
export function mailingZipNeedsWarning(zip: string | null | undefined): boolean {
  return zip == null || zip.trim() === '';
}
