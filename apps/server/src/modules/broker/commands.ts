import type { FastifyRequest } from 'fastify';
import type { ChangeBrokerRequest, PolicyDetail, ServiceRequest } from '@portal/contracts';
import { authorizePolicy, notFound, type PolicyRef } from '../../auth/access';
import { runCommand, ruleViolation } from '../../plugins/command';
import { lockPolicy, policyDetail } from '../policy/service';
import { serviceRequestList, serviceRequestView, submitServiceRequest } from '../service-request/service';
import { brokerById } from './repository';

const nameOf = (broker: { firstName: string; lastName: string }) => `${broker.firstName} ${broker.lastName}`;

/**
 * `POST /api/v1/Policy/{policyId}/broker` through the write path (docs/decisions/014): role action
 * `change-broker`, the policy's record access, one transaction holding a `change-broker` service request
 * (staff review it; issue 13 applies it), its audit row and the member's notification. Refused with 422
 * and a field code: `no-household` and `request-pending` (param `reference`) on params.policyId;
 * `broker-unknown`, `broker-unchanged` and `broker-not-licensed` (param `state`: a broker of record must be
 * licensed in the policy's state, SPEC §3 stateSource) on body.brokerId; `no-broker` on body.change.
 */
export function changeBroker(
  request: FastifyRequest,
  policyId: string,
  body: ChangeBrokerRequest,
): Promise<ServiceRequest> {
  const rules = { today: request.server.today(), account: request.server.tenant.account };
  return runCommand<PolicyRef, ServiceRequest, PolicyDetail>(request, {
    action: 'change-broker',
    authorize: (db) => authorizePolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    // The policy as the member sees it (its broker, its state), read before the transaction holds the policy's lock.
    prepare: async (db) => {
      const detail = await policyDetail(db, policyId, rules);
      if (!detail) throw notFound('policy');
      return detail;
    },
    execute: async (tx, { principal, ref, prepared: detail }) => {
      const householdId = ref.householdId;
      if (householdId === null)
        throw ruleViolation(
          'params.policyId',
          'no-household',
          'This policy belongs to no household: call us to change its broker.',
        );
      await lockPolicy(tx, policyId);
      const open = await serviceRequestList(tx, householdId, { policyId, status: 'open' });
      const pending = open.items.find((item) => item.type === 'change-broker');
      if (pending)
        throw ruleViolation(
          'params.policyId',
          'request-pending',
          `Request ${pending.referenceNumber} for the broker is still open.`,
          { reference: pending.referenceNumber },
        );
      const current = detail.broker;
      const currentFacts = current
        ? {
            currentBrokerName: nameOf(current),
            currentBrokerNpn: current.npn,
            currentBrokerAgency: current.agencyName,
          }
        : {};

      let details: Record<string, unknown>;
      if (body.change === 'remove') {
        if (!current) throw ruleViolation('body.change', 'no-broker', 'This policy has no broker of record.');
        details = { change: 'remove', ...currentFacts };
      } else {
        const broker = await brokerById(tx, body.brokerId);
        if (!broker)
          throw ruleViolation('body.brokerId', 'broker-unknown', 'No such broker in the directory.');
        if (current?.id === broker.id)
          throw ruleViolation(
            'body.brokerId',
            'broker-unchanged',
            'This broker is already the broker of record.',
          );
        const state = detail.stateSource ?? request.server.tenant.account.tenant.state;
        if (!broker.licensedStates.includes(state))
          throw ruleViolation(
            'body.brokerId',
            'broker-not-licensed',
            `This broker is not licensed in ${state}.`,
            { state },
          );
        details = {
          change: 'change',
          ...currentFacts,
          newBrokerName: nameOf(broker),
          newBrokerNpn: broker.npn,
          newBrokerAgency: broker.agencyName,
          authorized: true,
        };
      }
      const { request: row, events } = await submitServiceRequest(tx, {
        type: 'change-broker',
        householdId,
        policyId,
        policyNumber: detail.policyNumber,
        details,
        requestedBy: principal,
      });
      return {
        result: await serviceRequestView(tx, householdId, row.id),
        audit: {
          action: 'broker.change',
          recordType: 'service-request',
          recordIds: [row.id, `policy:${policyId}`],
        },
        events,
      };
    },
  });
}
