import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ContactInformationSchema, UpdateContactResponseSchema } from '@portal/contracts';
import { useTestApp } from '../../../test/harness';
import {
  codesOf,
  commands,
  configLettingBrokersChange,
  signedInMember,
  type SignedInMember,
} from '../../../test/self-service';
import { auditLog, contactInformation, mailQueue, notifications } from '../../db/schema';

/**
 * Issue 11 contact information: applied at once as a `contact` request, a changed phone number e-mailed
 * to the tenant's contact-number mailbox in the same transaction, US phone and e-mail formats with field
 * codes, the version the page read, and nobody else's household.
 */
describe('contact information', () => {
  const harness = useTestApp();
  const send = commands(harness);
  const url = (m: SignedInMember) => `Household/${m.householdId}/contact-information`;
  const change = (m: SignedInMember, body: object, token = m.token) =>
    send('PUT', url(m), token, {
      policyId: m.policyId,
      email: 'new.address@example.org',
      homePhone: '',
      mobilePhone: '617.555.0142',
      preferredContactMethod: 'phone',
      version: null,
      ...body,
    });

  it('applies a change at once, as a completed request, and tells the contact-number mailbox in the same transaction', async () => {
    const m = await signedInMember(harness);
    const before = ContactInformationSchema.parse((await send('GET', url(m), m.token)).json());
    expect(before).toMatchObject({
      email: null,
      homePhone: null,
      mobilePhone: null,
      preferredContactMethod: 'email',
      version: null,
    });

    const answer = await change(m, {});
    expect(answer.statusCode, answer.body).toBe(200);
    const done = UpdateContactResponseSchema.parse(answer.json());
    expect(done.contact).toMatchObject({
      email: 'new.address@example.org',
      mobilePhone: '(617) 555-0142',
      homePhone: null,
      preferredContactMethod: 'phone',
      version: 1,
    });
    expect(done.request).toMatchObject({
      type: 'contact',
      status: 'Completed',
      policyNumber: m.policyNumber,
      history: [
        { status: 'Submitted', by: 'member' },
        { status: 'Completed', by: 'system' },
      ],
    });
    expect(done.phoneChanged).toBe(true);

    const mailbox = harness.app.tenant.account.mailboxes.contactNumberChange;
    const [mail] = await harness.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.householdId, m.householdId), eq(mailQueue.kind, 'contact-number-change')));
    expect(mail).toMatchObject({ toAddress: mailbox, language: 'en' });
    expect(mail?.subject).toContain(done.request.referenceNumber);
    expect(mail?.textBody).toContain(`Policy: ${m.policyNumber}`);
    // The mailbox is told whose policy it is: the subscriber, by name, folder and exchange subscriber id.
    expect(mail?.textBody).toContain('Subscriber: Test Member');
    expect(mail?.textBody).toContain(`Member folder: ${m.folderId}`);
    expect(mail?.textBody).toContain(`Exchange subscriber ID: ${m.exchangeSubscriberId}`);
    expect(mail?.textBody).toContain('Mobile phone: (none) → (617) 555-0142');

    // A second change from the version now held; only the e-mail: the mailbox hears nothing more.
    const second = await change(m, { email: 'other@example.org', version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(UpdateContactResponseSchema.parse(second.json()).contact.version).toBe(2);
    expect(
      await harness.db
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.householdId, m.householdId), eq(mailQueue.kind, 'contact-number-change'))),
    ).toHaveLength(1);

    await harness.app.outbox.drain();
    const told = await harness.db
      .select()
      .from(notifications)
      .where(eq(notifications.householdId, m.householdId));
    expect(told.map((notification) => notification.templateName)).toContain(
      'notification.serviceRequestCompleted',
    );
    const audits = await harness.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actingForHouseholdId, m.householdId));
    expect(audits.map((entry) => entry.action)).toEqual(expect.arrayContaining(['read', 'contact.update']));
  });

  it('refuses a change made from an older read with the values as they are now, and changes nothing', async () => {
    const m = await signedInMember(harness);
    expect((await change(m, {})).statusCode).toBe(200);
    const stale = await change(m, { mobilePhone: '(508) 555-0100', version: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      type: 'urn:portal:problem:conflict',
      current: { mobilePhone: '(617) 555-0142', version: 1 },
    });
    const [row] = await harness.db
      .select()
      .from(contactInformation)
      .where(eq(contactInformation.householdId, m.householdId));
    expect(row).toMatchObject({ mobilePhone: '(617) 555-0142', version: 1 });
  });

  it('says which field is wrong: US phone numbers, e-mail, what the preferred method needs, and nothing changed', async () => {
    const m = await signedInMember(harness);
    const bad = await change(m, {
      homePhone: '555-0142',
      mobilePhone: '+44 20 7946 0958',
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad
      .json<{ errors: { field: string; code?: string }[] }>()
      .errors.map((error) => [error.field, error.code]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['body.homePhone', 'phone-invalid'],
        ['body.mobilePhone', 'phone-invalid'],
        ['body.email', 'invalid_format'],
      ]),
    );
    expect(codesOf(await change(m, { preferredContactMethod: 'email', email: '' }))).toContain(
      'email-needed-for-preference',
    );
    expect(
      codesOf(await change(m, { preferredContactMethod: 'phone', homePhone: '', mobilePhone: '' })),
    ).toContain('phone-needed-for-preference');
    expect((await change(m, {})).statusCode).toBe(200);
    const same = await change(m, { mobilePhone: '(617) 555-0142', version: 1 });
    expect(same.statusCode).toBe(422);
    expect(codesOf(same)).toEqual(['no-change']);
  });

  it('keeps another household out (refused and audited), and brokers without the action in role-config', async () => {
    const owner = await signedInMember(harness, { withBroker: true });
    const stranger = await signedInMember(harness);
    expect((await send('GET', url(owner), stranger.token)).statusCode).toBe(403);
    expect((await change(owner, {}, stranger.token)).statusCode).toBe(403);
    const denied = await harness.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actingForHouseholdId, owner.householdId), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(2);
    const broker = await harness.tokenFor('workforce', ['broker'], { brokerId: owner.brokerId ?? '' });
    expect((await send('GET', url(owner), broker)).statusCode).toBe(200);
    const refused = await change(owner, {}, broker);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: 'urn:portal:problem:action-not-allowed' });
    expect(
      await harness.db
        .select()
        .from(contactInformation)
        .where(eq(contactInformation.householdId, owner.householdId)),
    ).toEqual([]);
  });
});

describe('contact information, in a tenant whose brokers may change it', () => {
  const harness = useTestApp({ env: { CONFIG_DIR: configLettingBrokersChange() } });
  const send = commands(harness);

  it('lets the broker of record change his client’s details, and no other broker', async () => {
    const client = await signedInMember(harness, { withBroker: true });
    const other = await signedInMember(harness, { withBroker: true });
    const body = {
      email: 'client@example.org',
      homePhone: '(978) 555-0110',
      mobilePhone: '',
      preferredContactMethod: 'email',
      version: null,
    };
    const ours = await harness.tokenFor('workforce', ['broker'], { brokerId: client.brokerId ?? '' });
    const theirs = await harness.tokenFor('workforce', ['broker'], { brokerId: other.brokerId ?? '' });
    expect(
      (await send('PUT', `Household/${client.householdId}/contact-information`, theirs, body)).statusCode,
    ).toBe(403);
    const done = await send('PUT', `Household/${client.householdId}/contact-information`, ours, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(UpdateContactResponseSchema.parse(done.json()).request).toMatchObject({
      requestedBy: 'broker',
      status: 'Completed',
    });
  });
});
