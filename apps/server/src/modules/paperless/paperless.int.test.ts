import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PaperlessSettingsSchema, UpdatePaperlessResponseSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import { createBroker, createMemberWithPolicy } from '../../../test/fixtures';
import {
  devMailbox,
  documents,
  emailConfirmations,
  mailQueue,
  notifications,
  preferences,
} from '../../db/schema';

/**
 * Paperless delivery (DOMAIN "Paperless", SPEC §2 /admin/paperless-settings, /admin/email-confirmation)
 * and its e-mail, end to end on the server: the choice, the confirmation link caught by the demo-mode
 * SMTP catcher, the confirmation, and the next document e-mailed (once).
 */
describe('paperless settings, e-mail confirmation and e-mailed documents', () => {
  const harness = useTestApp();
  let keys = 0;
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    harness.app.inject({
      method,
      url,
      payload,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'GET' ? {} : { 'idempotency-key': `k-${(keys += 1)}-${randomUUID()}` }),
      },
    });

  async function member(language: 'en' | 'es' | 'pt' = 'en') {
    const subscriber = await createMemberWithPolicy(harness.db);
    const householdId = subscriber.householdId ?? '';
    await harness.db.insert(preferences).values({ householdId, language });
    const token = await harness.tokenFor('consumer', ['member'], { memberId: subscriber.memberId });
    return { subscriber, householdId, token, url: `/api/v1/Household/${householdId}/paperless` };
  }
  const electronic = (email: string) => ({
    invoices: 'electronic',
    notices: 'electronic',
    taxForms: 'electronic',
    email,
    taxFormsConsent: true,
  });
  const caught = (to: string) =>
    harness.db
      .select()
      .from(devMailbox)
      .where(sql`${devMailbox.toAddresses} ? ${to}`)
      .orderBy(desc(devMailbox.receivedAt));
  const tokenIn = (text: string | null) => /token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';

  it('asks for a confirmed address before electronic delivery, then applies the choices and e-mails the next document once', async () => {
    const { householdId, token, url, subscriber } = await member('es');
    const before = PaperlessSettingsSchema.parse((await send('GET', url, token)).json());
    expect(before).toMatchObject({
      delivery: { invoices: 'paper', notices: 'paper', taxForms: 'paper' },
      emailConfirmed: false,
      pending: null,
    });

    const asked = await send('PUT', url, token, electronic('Maria.Test@Example.org'));
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = UpdatePaperlessResponseSchema.parse(asked.json());
    expect(answer.status).toBe('confirmation-sent');
    // Nothing changes until the link is used.
    expect(answer.settings.delivery.invoices).toBe('paper');
    expect(answer.settings.pending).toMatchObject({
      email: 'maria.test@example.org',
      delivery: { invoices: 'electronic' },
    });

    await harness.app.mail.drain();
    const [confirmationMail] = await caught('maria.test@example.org');
    expect(confirmationMail?.subject).toBe(
      'Confirme su correo electrónico para recibir documentos electrónicos',
    );
    expect(confirmationMail?.htmlBody).toContain('<html lang="es">');
    const link = tokenIn(confirmationMail?.textBody ?? null);
    expect(link.length).toBeGreaterThan(30);
    expect(confirmationMail?.textBody).toContain('/admin/email-confirmation?token=');
    // Only the token's hash is kept, and the sent e-mail's body is not.
    expect(
      JSON.stringify(
        await harness.db
          .select()
          .from(emailConfirmations)
          .where(eq(emailConfirmations.householdId, householdId)),
      ),
    ).not.toContain(link);
    const [queued] = await harness.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.householdId, householdId), eq(mailQueue.kind, 'email-confirmation')));
    expect(queued).toMatchObject({ status: 'sent', textBody: null, htmlBody: null });

    // Another member cannot use the link; the member can, once.
    const stranger = await member();
    expect(
      (await send('POST', '/api/v1/paperless/confirm-email', stranger.token, { token: link })).statusCode,
    ).toBe(403);
    const confirmed = await send('POST', '/api/v1/paperless/confirm-email', token, { token: link });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(PaperlessSettingsSchema.parse(confirmed.json())).toMatchObject({
      delivery: { invoices: 'electronic', notices: 'electronic', taxForms: 'electronic' },
      email: 'maria.test@example.org',
      emailConfirmed: true,
      pending: null,
    });
    const again = await send('POST', '/api/v1/paperless/confirm-email', token, { token: link });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: [{ field: 'body.token', code: 'token-used' }] });
    const [prefs] = await harness.db
      .select()
      .from(preferences)
      .where(eq(preferences.householdId, householdId));
    expect(prefs).toMatchObject({ paperless: true, taxFormsElectronicConsent: true });

    // The change is confirmed in writing: a notice, a notification, and (notices are electronic now) an e-mail.
    // (the command nudged the dispatcher already; draining waits for that run)
    await harness.app.outbox.drain();
    const [notice] = await harness.db
      .select()
      .from(documents)
      .where(and(eq(documents.householdId, householdId), eq(documents.subtype, 'delivery-preferences')));
    expect(notice).toBeDefined();
    const [message] = await harness.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.householdId, householdId),
          eq(notifications.templateName, 'notification.noticeAvailable'),
        ),
      );
    expect(message).toMatchObject({ documentId: notice?.id, hasAttachment: true, link: '/documents/notice' });
    await harness.app.mail.drain();
    const announced = (await caught('maria.test@example.org')).filter(
      (mail) => mail.subject === 'Tiene un aviso nuevo',
    );
    expect(announced).toHaveLength(1);
    // No health or payment facts in the e-mail: no name, no policy number.
    expect(announced[0]?.textBody).not.toContain(subscriber.policyNumber);
    expect(announced[0]?.textBody).not.toContain('Test Member');
    expect(announced[0]?.textBody).toContain('/documents/notice');
    // Dispatching and sending again changes nothing: one e-mail per event.
    await harness.app.outbox.drain();
    await harness.app.mail.drain();
    expect(
      (await caught('maria.test@example.org')).filter((mail) => mail.subject === 'Tiene un aviso nuevo'),
    ).toHaveLength(1);
  });

  it('says when a link has expired, was replaced by a newer one, or does not exist', async () => {
    const { householdId, token, url } = await member();
    await send('PUT', url, token, electronic('first@example.org'));
    await send('PUT', url, token, electronic('second@example.org'));
    await harness.app.mail.drain();
    const first = tokenIn((await caught('first@example.org'))[0]?.textBody ?? null);
    const second = tokenIn((await caught('second@example.org'))[0]?.textBody ?? null);
    const superseded = await send('POST', '/api/v1/paperless/confirm-email', token, { token: first });
    expect(superseded.json()).toMatchObject({ status: 422, errors: [{ code: 'token-superseded' }] });
    await harness.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.householdId, householdId));
    const expired = await send('POST', '/api/v1/paperless/confirm-email', token, { token: second });
    expect(expired.json()).toMatchObject({ status: 422, errors: [{ code: 'token-expired' }] });
    const unknown = await send('POST', '/api/v1/paperless/confirm-email', token, { token: 'x'.repeat(43) });
    expect(unknown.json()).toMatchObject({ status: 422, errors: [{ code: 'token-invalid' }] });
    const settings = PaperlessSettingsSchema.parse((await send('GET', url, token)).json());
    expect(settings).toMatchObject({ delivery: { invoices: 'paper' }, emailConfirmed: false, pending: null });
  });

  it('saves paper, or electronic to the confirmed address, at once; electronic tax forms need consent', async () => {
    const { token, url } = await member();
    const noConsent = await send('PUT', url, token, {
      ...electronic('a@example.org'),
      taxFormsConsent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({
      errors: [{ field: 'body.taxFormsConsent', code: 'consent-required' }],
    });
    const noEmail = await send('PUT', url, token, { ...electronic(''), taxForms: 'paper' });
    expect(noEmail.json()).toMatchObject({ errors: [{ field: 'body.email', code: 'email-required' }] });

    await send('PUT', url, token, electronic('a@example.org'));
    await harness.app.mail.drain();
    const link = tokenIn((await caught('a@example.org'))[0]?.textBody ?? null);
    expect((await send('POST', '/api/v1/paperless/confirm-email', token, { token: link })).statusCode).toBe(
      200,
    );
    // Same confirmed address: in force at once.
    const invoicesOnPaper = UpdatePaperlessResponseSchema.parse(
      (await send('PUT', url, token, { ...electronic('A@example.org'), invoices: 'paper' })).json(),
    );
    expect(invoicesOnPaper).toMatchObject({
      status: 'saved',
      settings: { delivery: { invoices: 'paper', notices: 'electronic' }, emailConfirmed: true },
    });
    // Back to paper: at once too.
    const paper = UpdatePaperlessResponseSchema.parse(
      (
        await send('PUT', url, token, {
          invoices: 'paper',
          notices: 'paper',
          taxForms: 'paper',
          email: '',
          taxFormsConsent: false,
        })
      ).json(),
    );
    expect(paper).toMatchObject({
      status: 'saved',
      settings: { delivery: { invoices: 'paper', notices: 'paper', taxForms: 'paper' } },
    });
    // Without an Idempotency-Key the change is refused.
    const noKey = await harness.app.inject({
      method: 'PUT',
      url,
      payload: electronic('a@example.org'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('lets staff and the broker of record read the choices but not change them', async () => {
    const brokerId = await createBroker(harness.db);
    const subscriber = await createMemberWithPolicy(harness.db, { brokerId });
    const url = `/api/v1/Household/${subscriber.householdId ?? ''}/paperless`;
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId });
    const staff = await harness.actingToken(['customer-service'], { householdId: subscriber.householdId });
    expect((await send('GET', url, broker)).statusCode).toBe(200);
    expect((await send('GET', url, staff)).statusCode).toBe(200);
    expect((await send('PUT', url, broker, electronic('x@example.org'))).statusCode).toBe(403);
    expect((await send('PUT', url, staff, electronic('x@example.org'))).statusCode).toBe(403);
  });
});
