import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { GeneralRequestSchema, ServiceRequest } from '@portal/contracts';
import {
  authorizeHousehold,
  authorizePolicy,
  authorizeServiceRequest,
  type ServiceRequestRef,
} from '../../auth/access';
import type { Transaction } from '../../db/client';
import { runCommand, ruleViolation, type CommandOutcome } from '../../plugins/command';
import { policyFacts } from '../policy/service';
import {
  attachFile,
  checkedAttachment,
  moveServiceRequest,
  serviceRequestView,
  submitServiceRequest,
} from './service';

/**
 * The commands of the service-request module itself (issue 11): a general request in the member's own
 * words, with an optional file, and cancelling a request while nobody has started on it. Both go through
 * the write path (docs/decisions/014) with role action `create-service-request`.
 */

const ACTION = 'create-service-request';

type GeneralBody = z.output<typeof GeneralRequestSchema>;

/** `POST /api/v1/Household/{householdId}/service-requests`: a general request, optionally about one policy. */
export function createGeneralRequest(
  request: FastifyRequest,
  householdId: string,
  body: GeneralBody,
): Promise<ServiceRequest> {
  const { attachmentMaxBytes: maxBytes, attachmentLimits } = request.server.tenant.account.serviceRequests;
  return runCommand(request, {
    action: ACTION,
    authorize: async (db) => {
      await authorizeHousehold(request, db, householdId);
      if (body.policyId === undefined) return { policy: null };
      const policy = await authorizePolicy(request, db, body.policyId);
      if (policy.householdId !== householdId)
        throw ruleViolation(
          'body.policyId',
          'not-this-household',
          'The policy is not one of this household’s.',
        );
      return { policy: (await policyFacts(db, policy.id)) ?? null };
    },
    householdOf: () => householdId,
    // The file is checked before the transaction: nothing is written for a file that is refused.
    prepare: async () =>
      body.attachment ? await checkedAttachment(body.attachment, maxBytes, 'body.attachment') : null,
    execute: async (
      tx: Transaction,
      { principal, ref: { policy }, prepared: file },
    ): Promise<CommandOutcome<ServiceRequest>> => {
      const { request: row, events } = await submitServiceRequest(tx, {
        type: 'general',
        householdId,
        policyId: policy?.id ?? null,
        policyNumber: policy?.policyNumber ?? null,
        subject: body.subject,
        details: { message: body.message },
        requestedBy: principal,
      });
      if (file)
        await attachFile(tx, { requestId: row.id, householdId }, file, attachmentLimits, 'body.attachment');
      return {
        result: await serviceRequestView(tx, householdId, row.id),
        audit: { action: 'service-request.create', recordType: 'service-request', recordIds: [row.id] },
        events,
      };
    },
  });
}

/** `PUT /api/v1/ServiceRequest/{id}/cancel`: the member withdraws a request nobody has started on. */
export function cancelServiceRequest(
  request: FastifyRequest,
  id: string,
  version: number,
): Promise<ServiceRequest> {
  return runCommand<ServiceRequestRef, ServiceRequest>(request, {
    action: ACTION,
    authorize: (db) => authorizeServiceRequest(request, db, id),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const { events } = await moveServiceRequest(tx, id, { to: 'Cancelled', actor: principal, version });
      return {
        result: await serviceRequestView(tx, ref.householdId, id),
        audit: { action: 'service-request.cancel', recordType: 'service-request', recordIds: [id] },
        events,
      };
    },
  });
}
