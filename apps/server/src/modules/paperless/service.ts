import { createHash, randomBytes } from 'node:crypto';
import type {
  DeliveryChoices,
  PaperlessSettings,
  UpdatePaperlessRequest,
  UpdatePaperlessResponse,
} from '@portal/contracts';
import type { CalendarDate } from '@portal/domain';
import { readTogether, type Executor } from '../../db/client';
import { enqueueMail } from '../../mail/queue';
import { emailConfirmationMail } from '../../mail/messages';
import type { OutboxEventInput } from '../../outbox/events';
import type { Branding } from '../../pdf/branding';
import { ruleViolation } from '../../plugins/command';
import { issueDocument } from '../document/service';
import {
  confirmationByTokenHash,
  createConfirmation,
  markConfirmed,
  pendingConfirmation,
  preferencesOf,
  saveDelivery,
  type ConfirmationRow,
  type PreferencesRow,
} from './repository';

// For the demographics module: the household's language, read under a lock and saved (issue 11).
export { preferencesOf, saveLanguage } from './repository';

export interface PaperlessDeps {
  branding: Branding;
  publicUrl: string;
  confirmationHours: number;
}

const PAPER: DeliveryChoices = { invoices: 'paper', notices: 'paper', taxForms: 'paper' };

export const deliveryOf = (row: PreferencesRow | undefined): DeliveryChoices =>
  row
    ? {
        invoices: row.invoiceDelivery,
        notices: row.noticeDelivery,
        taxForms: row.taxFormsElectronicConsent ? 'electronic' : 'paper',
      }
    : PAPER;

const anyElectronic = (delivery: DeliveryChoices) => Object.values(delivery).includes('electronic');

/** The household's language (SPEC §4: a member's preferred language is their household's), null without a row. */
export async function householdLanguage(
  db: Executor,
  householdId: string,
): Promise<PreferencesRow['language'] | null> {
  return (await preferencesOf(db, householdId))?.language ?? null;
}

/** E-mail addresses compare without case and surrounding spaces (the domain part is case-insensitive, and members expect the same of the rest). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function view(
  householdId: string,
  row: PreferencesRow | undefined,
  pending: ConfirmationRow | undefined,
): PaperlessSettings {
  return {
    householdId,
    delivery: deliveryOf(row),
    email: row?.paperlessEmail ?? null,
    emailConfirmed: row?.paperlessEmail != null && row.paperlessEmailConfirmedAt !== null,
    pending: pending
      ? {
          email: pending.email,
          expiresAt: pending.expiresAt.toISOString(),
          delivery: pending.requested as DeliveryChoices,
        }
      : null,
  };
}

export async function paperlessSettings(db: Executor, householdId: string): Promise<PaperlessSettings> {
  const [row, pending] = await readTogether(db, [
    () => preferencesOf(db, householdId),
    () => pendingConfirmation(db, householdId),
  ]);
  return view(householdId, row, pending);
}

/** The notice that confirms a change of delivery (E-SIGN: consent is confirmed in writing). */
async function deliveryNotice(
  tx: Executor,
  householdId: string,
  delivery: DeliveryChoices,
  email: string | null,
  today: CalendarDate,
): Promise<OutboxEventInput> {
  const { event } = await issueDocument(tx, {
    householdId,
    policyId: null,
    type: 'notice',
    subtype: 'delivery-preferences',
    documentDate: today,
    facts: { delivery, email },
  });
  return event;
}

export interface PaperlessOutcome<Result> {
  result: Result;
  events: OutboxEventInput[];
  /** An e-mail was queued in the transaction: nudge the sender after the commit. */
  mailQueued: boolean;
}

/**
 * SPEC §2 /admin/paperless-settings. Paper, or electronic to the address already confirmed: in force
 * at once, with a notice of the change. Electronic to a new (or unconfirmed) address: nothing changes
 * yet; a link goes to that address (SPEC §2 /admin/email-confirmation) and the choices wait for it.
 */
export async function updateDelivery(
  tx: Executor,
  deps: PaperlessDeps,
  householdId: string,
  request: UpdatePaperlessRequest,
  today: CalendarDate,
): Promise<PaperlessOutcome<UpdatePaperlessResponse>> {
  const delivery: DeliveryChoices = {
    invoices: request.invoices,
    notices: request.notices,
    taxForms: request.taxForms,
  };
  const current = await preferencesOf(tx, householdId);
  const email = request.email === '' ? null : normaliseEmail(request.email);
  const confirmed =
    current?.paperlessEmail != null && current.paperlessEmailConfirmedAt !== null
      ? current.paperlessEmail
      : null;

  if (!anyElectronic(delivery) || (email !== null && email === confirmed)) {
    const keepConfirmed = email !== null && email === confirmed;
    await saveDelivery(tx, householdId, delivery, {
      address: email ?? current?.paperlessEmail ?? null,
      confirmedAt: keepConfirmed || email === null ? (current?.paperlessEmailConfirmedAt ?? null) : null,
    });
    const event = await deliveryNotice(tx, householdId, delivery, email ?? confirmed, today);
    return {
      result: { status: 'saved', settings: await paperlessSettings(tx, householdId) },
      events: [event],
      mailQueued: false,
    };
  }
  if (email === null)
    throw ruleViolation('body.email', 'email-required', 'Electronic delivery needs an e-mail address.');

  const token = randomBytes(32).toString('base64url');
  await createConfirmation(tx, {
    householdId,
    email,
    tokenHash: hashToken(token),
    requested: delivery,
    hours: deps.confirmationHours,
  });
  const link = `${deps.publicUrl}/admin/email-confirmation?token=${encodeURIComponent(token)}`;
  const language = current?.language ?? 'en';
  const mail = emailConfirmationMail(deps.branding, language, link, deps.confirmationHours);
  // The link goes straight to the queue (never through an outbox payload: it is a secret).
  await enqueueMail(tx, { householdId, kind: 'email-confirmation', to: email, language, ...mail });
  return {
    result: { status: 'confirmation-sent', settings: await paperlessSettings(tx, householdId) },
    events: [],
    mailQueued: true,
  };
}

/** The confirmation a link names, checked: unknown, replaced, used or expired links say which. */
export async function usableConfirmation(
  db: Executor,
  token: string,
  lock = false,
): Promise<ConfirmationRow> {
  const row = await confirmationByTokenHash(db, hashToken(token), lock);
  if (!row) throw ruleViolation('body.token', 'token-invalid', 'This confirmation link is not valid.');
  if (row.confirmedAt)
    throw ruleViolation('body.token', 'token-used', 'This address was already confirmed with this link.');
  if (row.supersededAt)
    throw ruleViolation(
      'body.token',
      'token-superseded',
      'A newer confirmation link was sent; use that one.',
    );
  if (row.expiresAt.getTime() <= Date.now())
    throw ruleViolation('body.token', 'token-expired', 'This confirmation link has expired.');
  return row;
}

/** SPEC §2 /admin/email-confirmation: the address is confirmed and the choices waiting for it are in force. */
export async function confirmEmail(
  tx: Executor,
  confirmation: ConfirmationRow,
  today: CalendarDate,
): Promise<PaperlessOutcome<PaperlessSettings>> {
  const delivery = confirmation.requested as DeliveryChoices;
  await markConfirmed(tx, confirmation.id);
  await saveDelivery(tx, confirmation.householdId, delivery, {
    address: confirmation.email,
    confirmedAt: new Date(),
  });
  const event = await deliveryNotice(tx, confirmation.householdId, delivery, confirmation.email, today);
  return {
    result: await paperlessSettings(tx, confirmation.householdId),
    events: [event],
    mailQueued: false,
  };
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---
export { insertPreferences, setLanguageFromEnrollment } from './repository';
