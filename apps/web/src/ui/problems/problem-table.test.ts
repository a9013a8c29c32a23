import { describe, expect, it } from 'vitest';
import type { Problem } from '@portal/contracts';
import { ProblemType } from '@portal/contracts/problem-type';
import en from '../../i18n/locales/en';
import { ApiError } from '../../lib/api';
import { formattersFor } from '../format';
import { PROBLEMS, type ProblemTable, type ProblemText } from './problem-table';
import { matchProblem, problemText, renderText } from './problem-text';

const refusal = (status: number, problem: Partial<Problem>) =>
  new ApiError(status, { type: ProblemType.unprocessable, title: 'Refused', status, ...problem });
const ruleRefusal = (code: string, field = 'body.x', params: Record<string, string | number> = {}) =>
  refusal(422, { errors: [{ field, code, params, reason: 'Refused.' }] });

const hasText = (key: string): boolean => {
  const node = key
    .split('.')
    .reduce<unknown>((tree, part) => (tree as Record<string, unknown> | undefined)?.[part], en);
  if (typeof node === 'string') return true;
  const parent = key
    .split('.')
    .slice(0, -1)
    .reduce<unknown>((tree, part) => (tree as Record<string, unknown> | undefined)?.[part], en) as
    Record<string, unknown> | undefined;
  return typeof parent?.[`${key.split('.').pop() ?? ''}_one`] === 'string';
};

/** Every key a sentence may say: a key with a fallback may be missing (a code not known yet), its fallback not. */
function missingKeys(text: ProblemText): string[] {
  const own = text.otherwise ? missingKeys(text.otherwise) : hasText(text.key) ? [] : [text.key];
  const values = Object.values(text.params ?? {}).flatMap((value) =>
    typeof value === 'object' && 'key' in value ? missingKeys(value) : [],
  );
  return [...own, ...values, ...(text.then ? missingKeys(text.then) : [])];
}

/** A refusal for each thing a table lists, as the server would send it. */
function probes(table: ProblemTable): ApiError[] {
  return [
    ...Object.keys(table.rules ?? {}).flatMap((code) => [
      ruleRefusal(code),
      ruleRefusal(code, 'body.memberId', { status: 'Submitted' }),
    ]),
    ...Object.keys(table.fields ?? {}).map((field) => ruleRefusal('already-requested', field)),
    ruleRefusal('something-else', 'body.x'),
    refusal(409, {
      type: ProblemType.conflict,
      current: { status: 'InReview', assignee: { name: 'Ana', mine: false } },
    }),
    ...Object.keys(table.types ?? {}).map((type) =>
      refusal(400, { type, declineCode: 'insufficient_funds' }),
    ),
    ...Object.keys(table.statuses ?? {}).map((status) => refusal(Number(status), { type: 'urn:example' })),
    refusal(500, { type: ProblemType.internal }),
  ];
}

describe('the problem-to-message table', () => {
  it.each(Object.entries(PROBLEMS))(
    '%s says every refusal it lists with words the language files have',
    (_name, table) => {
      for (const error of probes(table))
        expect(
          missingKeys(problemText(table, error, { exchange: 'Covered California', network: 'Gold' })),
        ).toEqual([]);
      expect(missingKeys(problemText(table, new TypeError('Failed to fetch')))).toEqual([]);
    },
  );

  it('says a page’s own rule with its values, and anything else in the shared words', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      `${key}${options && Object.keys(options).length > 0 ? ` ${JSON.stringify(options)}` : ''}`;
    const say = (table: ProblemTable, error: unknown, context = {}) =>
      renderText(t, formattersFor('en'), problemText(table, error, context));
    expect(say(PROBLEMS.wallet, ruleRefusal('limit-reached', 'body.x', { maximum: 5 }))).toBe(
      'wallet.errors.limit-reached {"maximum":5}',
    );
    expect(say(PROBLEMS.wallet, ruleRefusal('too_small'))).toBe('problems.unprocessable');
    // Dollars and dates from the server are said in the member's language.
    expect(
      say(PROBLEMS.scheduledPayments, ruleRefusal('amount-above-maximum', 'body.x', { maximum: 2500 })),
    ).toBe('scheduledPayments.errors.amount-above-maximum {"maximum":"$2,500.00"}');
    expect(
      say(PROBLEMS.scheduledPayments, ruleRefusal('date-too-early', 'body.x', { earliest: '2026-12-09' })),
    ).toBe('scheduledPayments.errors.date-too-early {"earliest":"December 9, 2026"}');
    // A field-level entry: "asked already" only about the member chosen.
    expect(
      say(PROBLEMS.dependents, ruleRefusal('already-requested', 'body.memberId', { reference: 'SR-1' })),
    ).toBe('dependents.errors.already-requested {"reference":"SR-1"}');
    expect(say(PROBLEMS.dependents, ruleRefusal('already-requested', 'body.firstName'))).toBe(
      'problems.unprocessable',
    );
    // A 409 says who holds the request; a decline says why and that nothing was charged.
    expect(
      say(
        PROBLEMS.serviceQueue,
        refusal(409, { type: ProblemType.conflict, current: { assignee: { name: 'Ana', mine: false } } }),
      ),
    ).toBe('serviceQueue.detail.heldBy {"name":"Ana"}');
    expect(say(PROBLEMS.serviceQueue, ruleRefusal('plan-not-offered'))).toBe(
      'serviceQueue.detail.refused {"reason":"serviceQueue.problem.plan-not-offered {\\"defaultValue\\":\\"serviceQueue.problem.other\\"}"}',
    );
    expect(
      say(
        PROBLEMS.payment,
        refusal(402, { type: ProblemType.paymentDeclined, declineCode: 'insufficient_funds' }),
      ),
    ).toBe(
      'payments.decline.insufficient_funds {"defaultValue":"payments.decline.unknown"} payments.decline.nothingCharged',
    );
    expect(
      say(
        PROBLEMS.reinstatementPayment,
        refusal(409, {
          type: ProblemType.conflict,
          errors: [{ field: 'body.id', code: 'already-requested', reason: 'Asked.' }],
        }),
      ),
    ).toBe('reinstatement.raced');
    expect(
      say(
        PROBLEMS.payment,
        refusal(409, {
          type: ProblemType.conflict,
          errors: [{ field: 'body.id', code: 'already-requested', reason: 'Asked.' }],
        }),
      ),
    ).toBe('validation.rule.already-requested {"defaultValue":"problems.unprocessable"}');
    // A page whose failures have their own words keeps them for every status, and for no answer at all.
    expect(say(PROBLEMS.linkAccount, refusal(404, { type: ProblemType.notFound }), { phone: '1-800' })).toBe(
      'linkAccount.errors.notFound {"phone":"1-800"}',
    );
    expect(say(PROBLEMS.linkAccount, new TypeError('Failed to fetch'))).toBe(
      'linkAccount.errors.unavailable',
    );
  });

  it('has no words of a page’s own for a refusal the page does not list', () => {
    expect(
      matchProblem(PROBLEMS.emailConfirmation, refusal(500, { type: ProblemType.internal })),
    ).toBeUndefined();
    expect(matchProblem(PROBLEMS.emailConfirmation, ruleRefusal('token-expired', 'body.token'))?.key).toBe(
      'emailConfirmation.token-expired',
    );
  });
});
