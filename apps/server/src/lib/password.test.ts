import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('hashPassword / verifyPassword', () => {
  const hash = hashPassword('Lighthouse-Demo-2026');

  it('stores the scheme, the cost and a base64 salt and hash', () => {
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(hash.split('$')[5]!, 'base64')).toHaveLength(64);
  });

  it('accepts the right password and refuses any other', () => {
    expect(verifyPassword('Lighthouse-Demo-2026', hash)).toBe(true);
    expect(verifyPassword('lighthouse-demo-2026', hash)).toBe(false);
    expect(verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', () => {
    const again = hashPassword('Lighthouse-Demo-2026');
    expect(again).not.toBe(hash);
    expect(verifyPassword('Lighthouse-Demo-2026', again)).toBe(true);
  });

  it('treats the same text in either Unicode normal form as one password', () => {
    const composed = hashPassword('Jo\u00e3o');
    expect(verifyPassword('Joa\u0303o', composed)).toBe(true);
  });

  it('never matches a missing, malformed or unaffordable stored value', () => {
    const [, , , , salt, key] = hash.split('$');
    for (const stored of [
      null,
      undefined,
      '',
      'plain-text',
      `bcrypt$16384$8$1$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}`,
      `scrypt$16000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$4194304$8$1$${salt}$${key}`, // N far above the ceiling
      `scrypt$16384$8$1$not base64!$${key}`,
      `scrypt$16384$8$1$${salt}$AAAA`, // too short to be a real hash
    ]) {
      expect(verifyPassword('Lighthouse-Demo-2026', stored)).toBe(false);
    }
  });
});
