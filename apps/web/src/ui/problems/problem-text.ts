import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemType } from '@portal/contracts/problem-type';
import { dollarsToCents, isCalendarDate } from '@portal/domain';
import { loose, type LooseT } from '../../i18n/loose';
import { isApiError } from '../../lib/api';
import { problemMessageKey } from '../form/problem-message';
import { useFormatters, type Formatters } from '../format';
import type {
  FieldProblem,
  FoundProblem,
  ProblemTable,
  ProblemText,
  Say,
  TextValue,
  Values,
} from './problem-table';

/** The field errors of a problem answer that say why (those with a `code`), in order. */
export function fieldProblems(error: unknown): FieldProblem[] {
  if (!isApiError(error)) return [];
  return (error.problem?.errors ?? []).flatMap((entry) =>
    entry.code === undefined ? [] : [{ field: entry.field, code: entry.code, params: entry.params ?? {} }],
  );
}

/** The code of a refusal's first field error (`no-change`, `report-to-exchange`, …). */
export function ruleOf(error: unknown): string | undefined {
  return isApiError(error) ? error.problem?.errors?.[0]?.code : undefined;
}

/** Whether the refusal names a field (the form's step where it can be fixed); `where` narrows which. */
export function namesAField(error: unknown, where: (field: string) => boolean = () => true): boolean {
  return isApiError(error) && (error.problem?.errors ?? []).some((entry) => where(entry.field));
}

/** A 409: the record moved since it was read, or someone else holds it (not a request still running). */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.type !== ProblemType.idempotencyInProgress;
}

/** A 409 `conflict`'s record as it is now (packages/contracts problem.ts `current`), or undefined. */
export function conflictCurrent(error: unknown): Record<string, unknown> | undefined {
  return isApiError(error) && error.status === 409 && error.type === ProblemType.conflict
    ? error.problem?.current
    : undefined;
}

function said<Found>(say: Say<Found> | undefined, found: Found, params: Values): ProblemText | undefined {
  if (say === undefined) return undefined;
  if (typeof say === 'string') return { key: say, params };
  const text = say(found);
  return typeof text === 'string' ? { key: text, params } : text;
}

/** What the table says about this failure, or undefined when it has no words of its own for it. */
export function matchProblem(
  table: ProblemTable,
  error: unknown,
  context: Values = {},
): ProblemText | undefined {
  if (!isApiError(error)) return undefined;
  const whole: FoundProblem = {
    status: error.status,
    type: error.type,
    current: error.problem?.current,
    declineCode: error.problem?.declineCode,
    context,
  };
  if (isConflict(error)) {
    const text = said(table.conflict, whole, context);
    if (text) return text;
  }
  for (const entry of fieldProblems(error)) {
    const found = { ...entry, context };
    const params = { ...entry.params, ...context };
    const text =
      said(table.fields?.[entry.field], found, params) ?? said(table.rules?.[entry.code], found, params);
    if (text) return text;
  }
  const first = error.problem?.errors?.[0];
  if (first) {
    const text = said(
      table.anyRule,
      { field: first.field, code: first.code ?? '', params: first.params ?? {}, context },
      { ...first.params, ...context },
    );
    if (text) return text;
  }
  return (
    (error.type ? said(table.types?.[error.type], whole, context) : undefined) ??
    said(table.statuses?.[error.status], whole, context)
  );
}

/** What to say about this failure: the table's words, else its `otherwise`, else the shared table's. */
export function problemText(table: ProblemTable, error: unknown, context: Values = {}): ProblemText {
  return (
    matchProblem(table, error, context) ?? {
      key: table.otherwise ?? problemMessageKey(error),
      params: context,
    }
  );
}

const isText = (value: TextValue): value is ProblemText => typeof value === 'object' && 'key' in value;

/** A sentence in the active language. */
export function renderText(t: LooseT, format: Formatters, text: ProblemText): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) {
    if (typeof value !== 'object') params[name] = value;
    else if (isText(value)) params[name] = renderText(t, format, value);
    else if ('dollars' in value) params[name] = format.money(dollarsToCents(value.dollars));
    else params[name] = isCalendarDate(value.date) ? format.date(value.date) : value.date;
  }
  const first = t(
    text.key,
    text.otherwise ? { ...params, defaultValue: renderText(t, format, text.otherwise) } : params,
  );
  return text.then ? `${first} ${renderText(t, format, text.then)}` : first;
}

/** `(error, values?) => sentence`: what the page says about a failed call, per its table. */
export function useProblemText(table: ProblemTable): (error: unknown, context?: Values) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return useCallback(
    (error, context) => renderText(loose(t), format, problemText(table, error, context)),
    [t, format, table],
  );
}
