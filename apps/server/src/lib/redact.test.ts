import { describe, expect, it } from 'vitest';
import { passesLuhn, redactDeep, REDACTED, scrubString } from './redact';

describe('scrubString', () => {
  it.each([
    ['card 4111111111111111 declined', 'card [REDACTED] declined'],
    ['card 4111 1111 1111 1111 declined', 'card [REDACTED] declined'],
    ['card 4111-1111-1111-1111', 'card [REDACTED]'],
    ['ssn 123-45-6789 on file', 'ssn [REDACTED] on file'],
    ['ssn 123456789', 'ssn [REDACTED]'],
    ['acct 000123456789 routing 011000015', 'acct [REDACTED] routing [REDACTED]'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [REDACTED]'],
    ['token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJtZW1iZXIifQ.c2lnbmF0dXJl here', 'token [REDACTED] here'],
    ['/cb?code=abc123&state=xyz', '/cb?code=[REDACTED]&state=xyz'],
    ['/x?access_token=t0k&id_token=t1k&page=2', '/x?access_token=[REDACTED]&id_token=[REDACTED]&page=2'],
  ])('scrubs %j', (input, expected) => {
    expect(scrubString(input)).toBe(expected);
  });

  it.each(['Paid on 2026-11-22 at 10:30', 'Plan 12345MA0010003-01, 3 members', 'HTTP 503 after 1200 ms', 'Order #12345678'])(
    'leaves ordinary text alone: %j',
    (input) => {
      expect(scrubString(input)).toBe(input);
    },
  );
});

describe('redactDeep', () => {
  it('replaces values under sensitive keys whatever their spelling and scrubs nested strings', () => {
    const input = {
      headers: { Authorization: 'Bearer x', 'Set-Cookie': 'sid=1' },
      body: { password: 'hunter2', card_number: 4111111111111111, paymentToken: 'tok_1', note: 'ssn 078-05-1120' },
      list: [{ SSN: '219-09-9999' }, 'plain'],
    };
    expect(redactDeep(input)).toEqual({
      headers: { Authorization: REDACTED, 'Set-Cookie': REDACTED },
      body: { password: REDACTED, card_number: REDACTED, paymentToken: REDACTED, note: `ssn ${REDACTED}` },
      list: [{ SSN: REDACTED }, 'plain'],
    });
  });

  it('survives cycles and errors without leaking their text', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(redactDeep(cyclic)).toEqual({ name: 'a', self: '[Circular]' });
    const error = new Error('charge failed for 4111111111111111');
    expect(JSON.stringify(redactDeep({ err: error }))).not.toContain('4111111111111111');
  });
});

describe('passesLuhn', () => {
  it('accepts valid card numbers and rejects altered ones', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });
});
