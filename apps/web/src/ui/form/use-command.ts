import { useCallback, useLayoutEffect, useRef } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { SERVER_ERROR_ROUTE } from '@portal/domain';
import { isApiError, newIdempotencyKey } from '../../lib/api';
import { navigateTo } from '../../lib/navigator';
import { stopProcessing } from '../processing';
import { encodeMessage, messageOfServerError } from './field-message';
import { isTransient, isUnexpected } from './problem-message';

export interface CommandOptions<Input, Result, Form extends FieldValues = FieldValues> {
  /** Sends the command with its idempotency key (apiCommand in data/<resource>/). */
  send: (input: Input, idempotencyKey: string) => Promise<Result>;
  /** The queries the change makes stale (their query-options factories' keys). */
  invalidates?: (input: Input, result: Result) => readonly QueryKey[];
  /** Automatic retries of a failure without a clear answer (no response, 503/504, busy), same key. */
  retries?: number;
  /** The form whose fields receive the server's field errors. */
  form?: Pick<UseFormReturn<Form>, 'setError'>;
  /** A server field (`body.paymentDetails.paymentAmount`) → the form field; default: drop `body.`. */
  fieldOf?: (serverField: string) => string | null;
}

const defaultFieldOf = (field: string) => (field.startsWith('body.') ? field.slice('body.'.length) : null);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const valueAt = (values: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      values,
    );

/**
 * A change sent to the server, the way every form sends one (docs/decisions/014):
 * - one idempotency key per attempt: a retry of the same input after a failure with no clear answer
 *   (network, 503/504, payment outcome unknown) reuses the key, so it can never apply twice; a changed
 *   input gets a new key;
 * - a second submit while one is running is ignored (a double click sends one request);
 * - field errors in the answer land on their fields; other refusals stay in `error` for the form to
 *   say in place; only a truly unexpected failure (500) opens /error/500 (SPEC §8);
 * - success invalidates the queries the change makes stale.
 */
export function useCommand<Input, Result, Form extends FieldValues = FieldValues>(
  options: CommandOptions<Input, Result, Form>,
) {
  const queryClient = useQueryClient();
  const openAttempt = useRef<{ key: string; input: string; open: boolean } | null>(null);
  const running = useRef(false);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const mutation = useMutation<Result, unknown, Input>({
    meta: { redirectOnError: false },
    mutationFn: async (input) => {
      const serialized = JSON.stringify(input);
      const previous = openAttempt.current;
      const key = previous?.open && previous.input === serialized ? previous.key : newIdempotencyKey();
      openAttempt.current = { key, input: serialized, open: true };
      const retries = latest.current.retries ?? 0;
      for (let tryNumber = 0; ; tryNumber += 1) {
        try {
          const result = await latest.current.send(input, key);
          openAttempt.current = null;
          return result;
        } catch (error) {
          // A clear answer (a refusal) closes the attempt: sending it again is a new request.
          if (!isTransient(error)) openAttempt.current = null;
          if (!isTransient(error) || tryNumber >= retries) throw error;
          await sleep(500 * 2 ** tryNumber);
        }
      }
    },
    onSuccess: async (result, input) => {
      const keys = latest.current.invalidates?.(input, result) ?? [];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, input) => {
      if (isUnexpected(error)) {
        stopProcessing();
        navigateTo(SERVER_ERROR_ROUTE);
        return;
      }
      const form = latest.current.form;
      if (!form || !isApiError(error)) return;
      const fieldOf = latest.current.fieldOf ?? defaultFieldOf;
      const done = new Set<string>();
      for (const fieldError of error.problem?.errors ?? []) {
        const field = fieldOf(fieldError.field);
        // The first error of a field is its message (the schema's order: format before range).
        if (!field || done.has(field)) continue;
        done.add(field);
        const message = messageOfServerError(fieldError, valueAt(input, field));
        form.setError(
          field as Path<Form>,
          { type: 'server', message: encodeMessage(message) },
          { shouldFocus: false },
        );
      }
    },
  });

  const { mutateAsync, reset } = mutation;
  /** Sends `input`; says whether it worked and with what (or which error), without throwing. */
  const attempt = useCallback(
    async (input: Input): Promise<{ ok: true; result: Result } | { ok: false; error: unknown }> => {
      if (running.current) return { ok: false, error: new Error('already running') };
      running.current = true;
      try {
        return { ok: true, result: await mutateAsync(input) };
      } catch (error) {
        return { ok: false, error };
      } finally {
        running.current = false;
      }
    },
    [mutateAsync],
  );
  /** Sends `input`; the result, or undefined when it failed (the error is in `error`). */
  const submit = useCallback(
    async (input: Input): Promise<Result | undefined> => {
      const outcome = await attempt(input);
      return outcome.ok ? outcome.result : undefined;
    },
    [attempt],
  );

  return {
    submit,
    attempt,
    reset,
    pending: mutation.isPending,
    error: mutation.error,
    result: mutation.data,
    /** Whether the last failure left an attempt that a retry would repeat with the same key. */
    retryable: mutation.isError && isTransient(mutation.error),
  };
}

export type Command<Input, Result> = ReturnType<typeof useCommand<Input, Result>>;
