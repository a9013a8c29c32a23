import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditLog, clientEvents } from '../src/db/schema';
import { buildTestApp } from './app';
import { openTestDatabase, type TestDatabase } from './database';

/**
 * Issue 14, finding 6: secrets in the spellings people and programs use — card numbers and SSNs with
 * spaces, dashes, dots or nothing between the groups, glued to letters; passwords, refresh tokens,
 * bearer tokens and JWTs behind the names they travel under — sent where a client controls the text
 * (the URL, the User-Agent, the X-Request-Id, a client event's message, page and details) never reach
 * a log line, the audit table or a stored client event.
 */

/** The characters of an ASCII alphabet, one by one. */
const chars = (alphabet: string): string[] => Array.from(alphabet);

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...chars('0123456789')), minLength: min, maxLength: max });
const letters = fc.string({
  unit: fc.constantFrom(...chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')),
  minLength: 1,
  maxLength: 6,
});
const base64url = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')),
    minLength: min,
    maxLength: max,
  });

interface Secret {
  /** What must not appear anywhere, in any of these forms. */
  forms: string[];
  /** The text a client sends that carries it. */
  text: string;
}

const separators = fc.constantFrom(' ', '-', '.', '');

/** A card number (13-19 digits) written in groups (4-4-4-4…, Amex 4-6-5) or in one run, maybe glued to words. */
const card = fc
  .tuple(fc.constantFrom('4', '5', '37', '6011'), digits(12, 15), separators, letters, letters, fc.boolean())
  .map(([prefix, rest, separator, before, after, glued]): Secret => {
    const number = (prefix + rest).slice(0, Math.max(13, Math.min(19, prefix.length + rest.length)));
    const groups =
      number.length === 15
        ? [number.slice(0, 4), number.slice(4, 10), number.slice(10)]
        : (number.match(/.{1,4}/g) ?? [number]);
    const spelled = groups.join(separator);
    return {
      forms: [number, spelled],
      text: glued ? `${before}${spelled}${after}` : `${before} ${spelled} ${after}`,
    };
  });

/** An SSN, 3-2-4 with one kind of separator or none, bare or after a label. */
const ssn = fc
  .tuple(
    fc.integer({ min: 1, max: 899 }),
    fc.integer({ min: 1, max: 99 }),
    fc.integer({ min: 1, max: 9999 }),
    separators,
    fc.constantFrom('', 'SSN', 'ssn: ', 'SSN#'),
  )
  .filter(([area]) => area !== 666)
  .map(([area, group, serial, separator, label]): Secret => {
    const parts = [
      String(area).padStart(3, '0'),
      String(group).padStart(2, '0'),
      String(serial).padStart(4, '0'),
    ];
    const spelled = parts.join(separator);
    return { forms: [parts.join(''), spelled], text: `${label}${spelled}` };
  });

/** A password with letters and digits, behind the names it is sent under. */
const password = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(...chars('abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@$%^*_+.~-')),
      minLength: 10,
      maxLength: 24,
    }),
    fc.constantFrom(
      'password={}',
      'Password: {}',
      '"password":"{}"',
      'pwd={}',
      'pass = {}',
      'PASSWD:{}',
      "'passphrase': '{}'",
    ),
  )
  .filter(([value]) => /[A-Za-z]/.test(value) && /\d/.test(value))
  .map(([value, template]): Secret => ({ forms: [value], text: template.replace('{}', value) }));

/** A refresh token as oidc-provider makes them (43 characters of base64url), named or bare. */
const refreshToken = fc
  .tuple(
    base64url(43, 43),
    fc.constantFrom('refresh_token={}', 'rt={}', 'refreshToken: {}', '{}', 'token {}'),
  )
  .filter(([value]) => /\d/.test(value) && /[A-Za-z]/.test(value))
  .map(([value, template]): Secret => ({ forms: [value], text: template.replace('{}', value) }));

/** A JWT, bare, glued to a word or named. */
const jwt = fc
  .tuple(
    base64url(10, 40),
    base64url(10, 80),
    base64url(20, 60),
    fc.constantFrom('{}', 'jwt={}', 'token{}', 'id_token: {}'),
  )
  .map(([header, payload, signature, template]): Secret => {
    const value = `eyJ${header}.eyJ${payload}.${signature}`;
    return { forms: [value, `${payload}.${signature}`], text: template.replace('{}', value) };
  });

/** A bearer token, opaque or a JWT, with the scheme in any case. */
const bearer = fc
  .tuple(
    fc.oneof(
      base64url(24, 64),
      jwt.map((secret) => secret.forms[0] ?? ''),
    ),
    fc.constantFrom('Bearer {}', 'bearer {}', 'BEARER {}', 'Authorization: Bearer {}', 'bearer:{}'),
  )
  .filter(([value]) => /\d/.test(value) && /[A-Za-z]/.test(value))
  .map(([value, template]): Secret => ({ forms: [value], text: template.replace('{}', value) }));

const secret = fc.oneof(card, ssn, password, refreshToken, jwt, bearer);

describe('redaction of secrets in many spellings (property)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let logs: string[];
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, logs } = await buildTestApp({ database: database.handle, captureLogs: true }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  let run = 0;
  it('finds none of them in the logs, the audit table or stored client events', async () => {
    await fc.assert(
      fc.asyncProperty(secret, async ({ forms, text }) => {
        run += 1;
        // Each run comes from its own address, so the logging endpoint's per-address limit stays out of the way.
        const remoteAddress = `10.${String(run >> 8)}.${String(run & 255)}.7`;
        const before = logs.length;
        const headers = {
          'user-agent': `Mozilla/5.0 ${text}`,
          'x-request-id': text.replace(/[^\x20-\x7e]/g, ''),
        };
        // A refused API call: the URL, the User-Agent and the request id reach the log and the audit table.
        const refused = await app.inject({
          method: 'GET',
          url: `/api/v1/session?note=${encodeURIComponent(text)}&q=${text.replace(/[#&\s]/g, '')}`,
          headers,
          remoteAddress,
        });
        expect(refused.statusCode).toBe(401);
        // A client event carrying it in every free-text field.
        const posted = await app.inject({
          method: 'POST',
          url: '/api/v1/Logging',
          headers,
          remoteAddress,
          payload: {
            events: [
              {
                level: 'error',
                event: 'payment-form-error',
                message: `failed: ${text}`,
                page: `/payments/${text}`,
                details: { note: text, nested: [{ value: text }] },
              },
            ],
          },
        });
        expect(posted.statusCode).toBe(202);
        const stored = JSON.stringify([
          ...(await database.handle.db
            .select()
            .from(clientEvents)
            .where(eq(clientEvents.requestId, posted.headers['x-request-id'] as string))),
          ...(await database.handle.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.requestId, refused.headers['x-request-id'] as string))),
        ]);
        const written = logs.slice(before).join('\n');
        expect(stored.length).toBeGreaterThan(10);
        for (const form of forms) {
          expect(written, `log line for ${text}`).not.toContain(form);
          expect(stored, `stored rows for ${text}`).not.toContain(form);
          expect(String(refused.headers['x-request-id'])).not.toContain(form);
        }
      }),
      { numRuns: 150 },
    );
  });
});
