import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useTestApp } from '../../../test/harness';
import { CSRF } from '../../../test/guest-session';
import { signIn } from '../../../test/oidc';
import { devMailbox } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';

/** Demo mode's fixtures and mailbox (the test app runs in demo mode, as `npm start` does by default). */
describe('demo mode: fresh staff accounts and the development mailbox', () => {
  const harness = useTestApp();

  it('gives a fresh staff user an account of their role that signs in with the demo password', async () => {
    const made = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/demo/staff',
      headers: CSRF,
      payload: { role: 'administrator' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { username } = made.json<{ username: string }>();
    expect(username).toMatch(/^admin\.[0-9a-f]{8}$/);
    const tokens = await signIn(harness.app, 'workforce', username, DEMO_PASSWORD);
    const session = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ roles: ['administrator'] });
  });

  it('lists the e-mails caught, newest first, and shows one with its HTML sandboxed', async () => {
    const subject = `Caught ${randomUUID()}`;
    const [entry] = await harness.db
      .insert(devMailbox)
      .values({
        fromAddress: 'portal@example.com',
        toAddresses: ['member@example.com'],
        subject,
        textBody: 'Plain words',
        htmlBody: '<p>Rich words</p>',
        headers: {},
      })
      .returning({ id: devMailbox.id });
    const id = entry?.id ?? '';
    const list = await harness.app.inject({ method: 'GET', url: '/dev/mailbox?lang=en' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(subject);
    const one = await harness.app.inject({ method: 'GET', url: `/dev/mailbox/${id}?lang=en` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('Plain words');
    const html = await harness.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toBe('<p>Rich words</p>');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(
      (await harness.app.inject({ method: 'GET', url: `/dev/mailbox/${randomUUID()}` })).statusCode,
    ).toBe(404);
  });
});
