import { describe, expect, it } from 'vitest';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from './errors';
import { requestCanonicalForm } from './idempotency';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './request-hygiene';

describe('the idempotency fingerprint and the JSON depth limit (issue 33 item 5)', () => {
  it('issue 33 item 5: a 10,000-deep value is refused with a 400 problem, never walked until the stack overflows', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    let thrown: unknown;
    try {
      requestCanonicalForm({ body: deep });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpProblem);
    expect(thrown).toMatchObject({ status: 400, type: ProblemType.badRequest });
  });

  it('keeps the fingerprint of an ordinary body stable whatever the key order', () => {
    expect(requestCanonicalForm({ b: [1, { d: 2, c: 'x' }], a: null })).toBe(
      requestCanonicalForm({ a: null, b: [1, { c: 'x', d: 2 }] }),
    );
  });

  it('counts nesting without recursion, ignoring brackets inside strings and escaped quotes', () => {
    expect(jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ text: `\\"${'['.repeat(500)}` }))).toBe(false);
    expect(jsonDepthExceeds('[]'.repeat(10_000))).toBe(false);
  });
});
