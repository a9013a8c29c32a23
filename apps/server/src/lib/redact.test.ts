import { describe, expect, it } from 'vitest';
import { errorForLog, passesLuhn, readableUrl, redactDeep, REDACTED, scrubString } from './redact';

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
    // Issue 14, finding 6: the spellings that got through.
    ['/cb?pwd=hunter2&rt=abc&page=2', '/cb?pwd=[REDACTED]&rt=[REDACTED]&page=2'],
    ['card4111111111111111exp', 'card[REDACTED]exp'],
    ['4111.1111.1111.1111', '[REDACTED]'],
    ['amex 3782 822463 10005', 'amex [REDACTED]'],
    ['SSN123-45-6789', 'SSN[REDACTED]'],
    ['ssn 123.45.6789', 'ssn [REDACTED]'],
    ['Password: hunter2 was wrong', 'Password: [REDACTED] was wrong'],
    ['{"password":"hunter2"}', '{"password":"[REDACTED]"}'],
    ['note=refresh_token=Zx9', 'note=refresh_token=[REDACTED]'],
    ['rt: kq3Vd0H2nX9pLm4TzR8sW1yB6cE5fG7jA0uQ_vN-oPi', 'rt: [REDACTED]'],
    ['token kq3Vd0H2nX9pLm4TzR8sW1yB6cE5fG7jA0uQ_vN-oPi here', 'token [REDACTED] here'],
    ['bearer:abc123', 'bearer [REDACTED]'],
    ['jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln', 'jwt=[REDACTED]'],
  ])('scrubs %j', (input, expected) => {
    expect(scrubString(input)).toBe(expected);
  });

  it.each([
    'Paid on 2026-11-22 at 10:30',
    'Plan 12345MA0010003-01, 3 members',
    'HTTP 503 after 1200 ms',
    'Order #12345678',
    'Coverage 2026-01-01 2026-12-31',
    'request 24241279-61dd-4c70-97de-c2a9d5dbeef8',
    'passenger=2, span: 3, start=4',
    'content-security-policy-report-only',
    'ZIP 02740-1234',
  ])('leaves ordinary text alone: %j', (input) => {
    expect(scrubString(input)).toBe(input);
  });
});

describe('redactDeep', () => {
  it('replaces values under sensitive keys whatever their spelling and scrubs nested strings', () => {
    const input = {
      headers: { Authorization: 'Bearer x', 'Set-Cookie': 'sid=1' },
      body: {
        password: 'hunter2',
        card_number: 4111111111111111,
        paymentToken: 'tok_1',
        note: 'ssn 078-05-1120',
      },
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

describe('readableUrl', () => {
  it('decodes escapes and plus signs, even around a malformed escape', () => {
    expect(readableUrl('/x?note=card%204111+1111')).toBe('/x?note=card 4111 1111');
    expect(readableUrl('/x?a=%&note=%34%31%31%31')).toBe('/x?a=%&note=4111');
  });
});

describe('errorForLog', () => {
  it('keeps the statement and SQLSTATE of a failed query, never its parameters or the database message', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "jane.doe"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (username)=(jane.doe)',
    });
    const failed = Object.assign(new Error('Failed query: select $1::uuid\nparams: jane.doe'), {
      query: 'select $1::uuid',
      params: ['jane.doe'],
      cause,
    });
    const logged = JSON.stringify(errorForLog(failed));
    expect(logged).not.toContain('jane.doe');
    expect(logged).toContain('select $1::uuid');
    expect(logged).toContain('22P02');
  });
});
