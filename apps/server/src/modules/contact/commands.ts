import type { FastifyRequest } from 'fastify';
import type { UpdateContactRequestSchema, UpdateContactResponse } from '@portal/contracts';
import type { z } from 'zod';
import { authorizeHousehold, authorizePolicy } from '../../auth/access';
import { runCommand, ruleViolation } from '../../plugins/command';
import { serviceRequestView } from '../service-request/service';
import { changeContact } from './service';

type Body = z.output<typeof UpdateContactRequestSchema>;

/**
 * `PUT /api/v1/Household/{householdId}/contact-information` through the write path (docs/decisions/014):
 * role action `update-contact`, the household's record access (and the policy's, when the page names
 * one), one transaction holding the change, its `contact` request, its audit row, its notification and
 * the mailbox e-mail.
 */
export async function updateContactInformation(
  request: FastifyRequest,
  householdId: string,
  body: Body,
): Promise<UpdateContactResponse> {
  const account = request.server.tenant.account;
  const outcome = await runCommand(request, {
    action: 'update-contact',
    authorize: async (db) => {
      await authorizeHousehold(request, db, householdId);
      if (body.policyId === undefined) return { policyId: null };
      const policy = await authorizePolicy(request, db, body.policyId);
      if (policy.householdId !== householdId)
        throw ruleViolation(
          'body.policyId',
          'not-this-household',
          'The policy is not one of this household’s.',
        );
      return { policyId: policy.id };
    },
    householdOf: () => householdId,
    execute: async (tx, { principal, ref }) => {
      const done = await changeContact(tx, {
        householdId,
        policyId: ref.policyId,
        body,
        principal,
        mailbox: account.mailboxes.contactNumberChange,
        issuerName: account.tenant.issuerName,
      });
      return {
        result: {
          contact: done.contact,
          request: await serviceRequestView(tx, householdId, done.request.id),
          phoneChanged: done.phoneChanged,
          mailQueued: done.mailQueued,
        },
        audit: {
          action: 'contact.update',
          recordType: 'contact-information',
          recordIds: [householdId, done.request.id],
        },
        events: done.events,
      };
    },
  });
  if (outcome.mailQueued) request.server.mail.nudge();
  return { contact: outcome.contact, request: outcome.request, phoneChanged: outcome.phoneChanged };
}
