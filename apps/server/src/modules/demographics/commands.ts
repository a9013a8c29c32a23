import type { FastifyRequest } from 'fastify';
import type {
  DemographicsChangeRequestSchema,
  ServiceRequest,
  UpdateLanguageResponse,
} from '@portal/contracts';
import type { z } from 'zod';
import { authorizeHousehold, authorizePolicy } from '../../auth/access';
import { runCommand } from '../../plugins/command';
import { serviceRequestView } from '../service-request/service';
import { changeLanguage, requestDemographicsChange } from './service';

/** The demographics commands (issue 11) through the write path (docs/decisions/014), role action `update-demographics`. */
const ACTION = 'update-demographics';

/** `POST /api/v1/Policy/{policyId}/demographics`: one member's details, for review. */
export function submitDemographicsChange(
  request: FastifyRequest,
  policyId: string,
  body: z.output<typeof DemographicsChangeRequestSchema>,
): Promise<ServiceRequest> {
  const account = request.server.tenant.account;
  return runCommand(request, {
    action: ACTION,
    authorize: (db) => authorizePolicy(request, db, policyId),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const { request: row, events } = await requestDemographicsChange(tx, {
        policyId: ref.id,
        body,
        principal,
        genderOptions: account.members.genderOptions,
        exchange: account.exchange,
      });
      return {
        result: await serviceRequestView(tx, row.householdId, row.id),
        audit: {
          action: 'demographics.request',
          recordType: 'service-request',
          recordIds: [row.id, body.memberId],
        },
        events,
      };
    },
  });
}

/** `PUT /api/v1/Household/{householdId}/language`: the household's preferred language, at once. */
export function updateHouseholdLanguage(
  request: FastifyRequest,
  householdId: string,
  body: { language: 'en' | 'es' | 'pt'; version: number | null },
): Promise<UpdateLanguageResponse> {
  return runCommand(request, {
    action: ACTION,
    authorize: async (db) => {
      await authorizeHousehold(request, db, householdId);
      return householdId;
    },
    householdOf: (id) => id,
    execute: async (tx) => ({
      result: await changeLanguage(tx, householdId, body),
      audit: { action: 'demographics.language', recordType: 'preferences', recordIds: [householdId] },
    }),
  });
}
