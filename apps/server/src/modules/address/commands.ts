import type { FastifyRequest } from 'fastify';
import type {
  ResidentialMoveRequestSchema,
  ServiceRequest,
  UpdateMailingAddressRequestSchema,
  UpdateMailingAddressResponse,
} from '@portal/contracts';
import type { z } from 'zod';
import { authorizePolicy } from '../../auth/access';
import { runCommand, ruleViolation } from '../../plugins/command';
import { serviceRequestView } from '../service-request/service';
import { changeMailingAddress, policyAddresses, requestResidentialMove } from './service';

/**
 * The address commands (issue 11) through the write path (docs/decisions/014): role action
 * `manage-address`, the policy's record access, one transaction holding the change or the request, its
 * audit row and its notification.
 */

const ACTION = 'manage-address';

async function authorizeAddressPolicy(
  request: FastifyRequest,
  db: Parameters<typeof authorizePolicy>[1],
  policyId: string,
) {
  const policy = await authorizePolicy(request, db, policyId);
  if (policy.householdId === null)
    throw ruleViolation(
      'params.policyId',
      'no-household',
      'This policy belongs to no household: call Member Services to change its address.',
    );
  return { id: policy.id, householdId: policy.householdId };
}

/** `PUT /api/v1/Policy/{policyId}/mailing-address`: applied at once. */
export function updateMailingAddress(
  request: FastifyRequest,
  policyId: string,
  body: z.output<typeof UpdateMailingAddressRequestSchema>,
): Promise<UpdateMailingAddressResponse> {
  return runCommand(request, {
    action: ACTION,
    authorize: (db) => authorizeAddressPolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const done = await changeMailingAddress(tx, {
        policyId: ref.id,
        body,
        principal,
        warn: (message) => {
          // SPEC §5: an empty mailing ZIP is only a warning (no address in the log: minimum necessary).
          request.log.warn({ policyId: ref.id }, message);
        },
      });
      return {
        result: {
          addresses: await policyAddresses(tx, ref.id),
          request: await serviceRequestView(tx, ref.householdId, done.request.id),
          zipFilledIn: done.zipFilledIn,
        },
        audit: {
          action: 'address.mailing.update',
          recordType: 'address',
          recordIds: [ref.id, done.request.id],
        },
        events: done.events,
      };
    },
  });
}

/** `POST /api/v1/Policy/{policyId}/residential-address`: a move for staff to review (or the exchange's to decide). */
export function moveResidence(
  request: FastifyRequest,
  policyId: string,
  body: z.output<typeof ResidentialMoveRequestSchema>,
): Promise<ServiceRequest> {
  const exchange = request.server.tenant.account.exchange;
  return runCommand(request, {
    action: ACTION,
    authorize: (db) => authorizeAddressPolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const { request: row, events } = await requestResidentialMove(tx, {
        policyId: ref.id,
        body,
        principal,
        exchange,
      });
      return {
        result: await serviceRequestView(tx, ref.householdId, row.id),
        audit: { action: 'address.residential.request', recordType: 'service-request', recordIds: [row.id] },
        events,
      };
    },
  });
}
