import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { SERVER_ERROR_ROUTE } from '@portal/domain';
import { loadContracts, type ContractsModule } from '../../lib/contracts';
import { navigateTo } from '../../lib/navigator';
import { encodeMessage, messageOfIssue } from './field-message';

const valueAt = (values: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    values,
  );

/** Sets `value` at a dotted path in a nested errors object (react-hook-form's shape). */
function setAt(target: Record<string, unknown>, path: readonly PropertyKey[], value: unknown): void {
  let node = target;
  path.forEach((key, index) => {
    const name = String(key);
    if (index === path.length - 1) {
      node[name] ??= value;
      return;
    }
    node[name] ??= {};
    node = node[name] as Record<string, unknown>;
  });
}

/**
 * react-hook-form checks with the contract's zod schema, the one the server checks with (HOUSE_STYLE
 * "Schemas once"). Each failing field — nested ones too (`billing.zipCode`) — carries its first
 * message (see field-message.ts), translated where the field is shown.
 */
export function zodResolver<T extends FieldValues>(schema: z.ZodType<T, FieldValues>): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? issue.path : ['root'];
      const message = messageOfIssue(issue, valueAt(values, path));
      setAt(errors, path, { type: issue.code, message: encodeMessage(message) });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/**
 * zodResolver with the schema picked from the contracts when the form first checks its values: the page
 * draws its form without waiting for zod and the schemas (about 42 KB gzip and, on a phone, a long task to
 * build them — lib/contracts.ts, docs/decisions/033). Startup loads them once the first page is on the
 * screen (the configuration's check, config/load-config.ts), so they are there by the time the member
 * leaves a field or presses the button.
 */
export function contractResolver<T extends FieldValues>(
  pick: (contracts: ContractsModule) => z.ZodType<T, FieldValues>,
): Resolver<T> {
  let resolver: Resolver<T> | null = null;
  return async (values, context, options) => {
    if (!resolver) {
      try {
        resolver = zodResolver(pick(await loadContracts()));
      } catch {
        // The schemas could not be fetched: as when an API call fails unexpectedly (SPEC §8), the error
        // page says so (and the next form loads them anew); nothing is sent unchecked.
        navigateTo(SERVER_ERROR_ROUTE);
        return { values: {}, errors: { root: { type: 'unavailable', message: '' } } as FieldErrors<T> };
      }
    }
    return resolver(values, context, options);
  };
}
