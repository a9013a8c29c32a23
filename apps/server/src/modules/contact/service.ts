import type { ContactInformation, UpdateContactRequestSchema } from '@portal/contracts';
import { normalizeUsPhone, samePhone } from '@portal/domain';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal';
import type { Executor, Transaction } from '../../db/client';
import { enqueueMail } from '../../mail/queue';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import { memberById } from '../member/service';
import { policyFiledUnder } from '../policy/service';
import { actorOf, editConflict, submitServiceRequest } from '../service-request/service';
import type { ServiceRequestRow } from '../service-request/service';
import { contactNumberChangeMail } from './mailbox-mail';
import { contactOf, insertContact, lockContact, updateContact, type ContactRow } from './repository';

/**
 * Contact information (issue 11, SPEC §2 /admin/policy-selection/contact-info): the household's phone
 * numbers, e-mail and preferred contact method. A change needs no review (packages/domain `needsReview`):
 * it is a `contact` service request that applies in its own transaction; a changed phone number is also
 * queued, in that transaction, to the tenant's contact-number mailbox (SPEC §3 mailbox names).
 */

type Body = z.output<typeof UpdateContactRequestSchema>;

/** The policy a request is filed under, with its subscriber (the contact-number mailbox names them). */
async function policyForContact(tx: Executor, where: { policyId?: string | undefined; householdId: string }) {
  const policy = await policyFiledUnder(tx, where);
  const subscriber = policy ? await memberById(tx, policy.subscriberMemberId) : undefined;
  if (!policy || !subscriber) return undefined;
  return {
    policyNumber: policy.policyNumber,
    exchangeSubscriberId: policy.exchangeSubscriberId,
    firstName: subscriber.firstName,
    lastName: subscriber.lastName,
    folderId: subscriber.folderId,
  };
}

export function contactView(householdId: string, row: ContactRow | undefined): ContactInformation {
  return {
    householdId,
    email: row?.email ?? null,
    homePhone: row?.homePhone ?? null,
    mobilePhone: row?.mobilePhone ?? null,
    preferredContactMethod: row?.preferredContactMethod ?? 'email',
    version: row?.version ?? null,
  };
}

export async function contactInformationOf(db: Executor, householdId: string): Promise<ContactInformation> {
  return contactView(householdId, await contactOf(db, householdId));
}

export interface ContactChange {
  householdId: string;
  policyId: string | null;
  body: Body;
  principal: Principal;
  /** The tenant's contact-number mailbox (empty: none configured) and its name for the e-mail. */
  mailbox: string;
  issuerName: string;
}

export interface ContactChangeOutcome {
  contact: ContactInformation;
  request: ServiceRequestRow;
  events: OutboxEventInput[];
  phoneChanged: boolean;
  mailQueued: boolean;
}

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const phone = (value: string): string | null => {
  const typed = blankToNull(value);
  return typed === null ? null : normalizeUsPhone(typed);
};

/**
 * Applies a change of contact details, checked against the version the page read (409 with the current
 * values otherwise), as a `contact` request completed at once.
 */
export async function changeContact(tx: Transaction, change: ContactChange): Promise<ContactChangeOutcome> {
  const { householdId, body } = change;
  const current = await lockContact(tx, householdId);
  if ((current?.version ?? null) !== body.version)
    throw editConflict('contact information', contactView(householdId, current));
  const next = {
    email: blankToNull(body.email)?.toLowerCase() ?? null,
    homePhone: phone(body.homePhone),
    mobilePhone: phone(body.mobilePhone),
    preferredContactMethod: body.preferredContactMethod,
  };
  const before = contactView(householdId, current);
  const homeChanged = !samePhone(before.homePhone, next.homePhone);
  const mobileChanged = !samePhone(before.mobilePhone, next.mobilePhone);
  const changed =
    homeChanged ||
    mobileChanged ||
    before.email !== next.email ||
    before.preferredContactMethod !== next.preferredContactMethod;
  if (!changed) throw ruleViolation('body', 'no-change', 'These are already the contact details on file.');

  const policy = await policyForContact(tx, { policyId: change.policyId ?? undefined, householdId });
  let saved: ContactRow | undefined;
  const { request, events } = await submitServiceRequest(tx, {
    type: 'contact',
    householdId,
    policyId: change.policyId,
    policyNumber: change.policyId ? (policy?.policyNumber ?? null) : null,
    details: {
      ...next,
      changed: [
        ...(homeChanged ? ['homePhone'] : []),
        ...(mobileChanged ? ['mobilePhone'] : []),
        ...(before.email !== next.email ? ['email'] : []),
        ...(before.preferredContactMethod !== next.preferredContactMethod ? ['preferredContactMethod'] : []),
      ],
    },
    requestedBy: change.principal,
    apply: async (applyTx) => {
      saved = current
        ? await updateContact(applyTx, householdId, next)
        : await insertContact(applyTx, householdId, next);
      // Another tab created the first record between our read and this insert.
      if (!saved)
        throw editConflict(
          'contact information',
          contactView(householdId, await contactOf(applyTx, householdId)),
        );
    },
  });

  const phoneChanged = homeChanged || mobileChanged;
  const mailQueued = phoneChanged && change.mailbox.trim() !== '';
  if (mailQueued) {
    const mail = contactNumberChangeMail({
      issuerName: change.issuerName,
      referenceNumber: request.referenceNumber,
      policyNumber: policy?.policyNumber ?? null,
      exchangeSubscriberId: policy?.exchangeSubscriberId ?? null,
      subscriberName: policy ? `${policy.firstName} ${policy.lastName}` : null,
      memberFolderId: policy?.folderId ?? null,
      changedBy: actorOf(change.principal),
      at: new Date(),
      home: { before: before.homePhone, after: next.homePhone },
      mobile: { before: before.mobilePhone, after: next.mobilePhone },
    });
    await enqueueMail(tx, {
      householdId,
      kind: 'contact-number-change',
      to: change.mailbox.trim(),
      language: 'en',
      ...mail,
    });
  }
  return { contact: contactView(householdId, saved), request, events, phoneChanged, mailQueued };
}

// --- writes for the enrollment module (the X12 834 import, issue 34) ---
// The household's first contact record (nothing when it has one), and an 834 change's e-mail and phone.
export { insertContact, updateContactFromEnrollment } from './repository';
