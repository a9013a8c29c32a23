import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { specialtyFitsAge } from '@portal/domain';
import type { PcpOverview, SelectPcpRequestSchema, ServiceRequest } from '@portal/contracts';
import { authorizePolicy, type PolicyRef } from '../../auth/access';
import { runCommand, ruleViolation } from '../../plugins/command';
import { serviceRequestList, serviceRequestView, submitServiceRequest } from '../service-request/service';
import type { ProviderDirectory } from './directory';
import { lockPolicy } from '../policy/service';
import { choiceDetails, pcpOverview, providerName } from './service';

type Body = z.output<typeof SelectPcpRequestSchema>;

/**
 * `POST /api/v1/Policy/{policyId}/pcp` through the write path (docs/decisions/014): role action `select-pcp`,
 * the policy's record access, then one transaction holding a `pcp` service request (applied and completed at
 * once when the tenant's `pcp.changesApplyAtOnce` says so, else waiting for review), its audit row and the
 * member's notification. Refused with 422 and a field code:
 *
 * - `pcp-not-offered` (params.policyId): SPEC §4's conditions for this policy's plan type are not met;
 *   `no-household`: nowhere to keep the choice; `request-pending` (param `reference`): a choice is under review;
 * - per choice (`body.choices.N.memberId` / `.npi`): `not-a-member`, `provider-unknown`,
 *   `provider-not-in-network` (param `network`), `specialty-not-for-age` (params `specialty`, `age`),
 *   `pcp-unchanged`, `provider-not-accepting` (new patients).
 */
export function selectPcp(
  request: FastifyRequest,
  policyId: string,
  body: Body,
  directory: ProviderDirectory,
): Promise<ServiceRequest> {
  const { account } = request.server.tenant;
  return runCommand<PolicyRef, ServiceRequest, PcpOverview>(request, {
    action: 'select-pcp',
    authorize: (db) => authorizePolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    // The members, their PCP and the plan, read before the transaction (the policy is locked in it).
    prepare: (db, { principal }) =>
      pcpOverview(db, policyId, { today: request.server.today(), account, directory, principal }),
    execute: async (tx, { principal, ref, prepared: overview }) => {
      if (!overview.offered)
        throw ruleViolation(
          'params.policyId',
          'pcp-not-offered',
          'Members of this plan do not choose a primary care provider here.',
        );
      const householdId = ref.householdId;
      if (householdId === null)
        throw ruleViolation(
          'params.policyId',
          'no-household',
          'This policy belongs to no household: call us to choose a provider.',
        );
      await lockPolicy(tx, policyId);
      const open = await serviceRequestList(tx, householdId, { policyId, status: 'open' });
      const pending = open.items.find((item) => item.type === 'pcp');
      if (pending)
        throw ruleViolation(
          'params.policyId',
          'request-pending',
          `Request ${pending.referenceNumber} is still under review.`,
          { reference: pending.referenceNumber },
        );

      const choices = body.choices.map((choice, index) => {
        const member = overview.members.find((candidate) => candidate.memberId === choice.memberId);
        if (!member)
          throw ruleViolation(
            `body.choices.${index}.memberId`,
            'not-a-member',
            'Not a member of this policy.',
          );
        const provider = directory.byNpi(choice.npi);
        if (!provider)
          throw ruleViolation(
            `body.choices.${index}.npi`,
            'provider-unknown',
            'No such provider in the directory.',
          );
        if (overview.network && !provider.networks.includes(overview.network.id)) {
          throw ruleViolation(
            `body.choices.${index}.npi`,
            'provider-not-in-network',
            `Not in the ${overview.network.name} network.`,
            { network: overview.network.name },
          );
        }
        if (!specialtyFitsAge(provider.specialty, member.age)) {
          throw ruleViolation(
            `body.choices.${index}.npi`,
            'specialty-not-for-age',
            `A ${provider.specialty} provider does not see a member aged ${member.age}.`,
            { specialty: provider.specialty, age: member.age },
          );
        }
        if (member.current?.provider.npi === provider.npi)
          throw ruleViolation(
            `body.choices.${index}.npi`,
            'pcp-unchanged',
            'Already this member’s primary care provider.',
          );
        if (!provider.acceptingNewPatients)
          throw ruleViolation(
            `body.choices.${index}.npi`,
            'provider-not-accepting',
            'This provider takes no new patients.',
          );
        return { member, provider };
      });

      const { request: row, events } = await submitServiceRequest(tx, {
        type: 'pcp',
        householdId,
        policyId,
        policyNumber: overview.policyNumber,
        memberIds: choices.map(({ member }) => member.memberId),
        details: {
          choices: choices.map(({ member, provider }) =>
            choiceDetails(`${member.firstName} ${member.lastName}`, provider),
          ),
        },
        subject: choices
          .map(({ provider }) => providerName(provider))
          .filter((name, index, all) => all.indexOf(name) === index)
          .join(', '),
        requestedBy: principal,
        review: { pcp: { appliesAtOnce: account.pcp.changesApplyAtOnce } },
        // The completed request is the record of the member's PCP (docs/decisions/027): nothing else to write.
        apply: () => Promise.resolve(),
      });
      return {
        result: await serviceRequestView(tx, householdId, row.id),
        audit: {
          action: 'pcp.select',
          recordType: 'service-request',
          recordIds: [row.id, `policy:${policyId}`],
        },
        events,
      };
    },
  });
}
