import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import type { PatientScope } from '../../idp/smart';
import { patientCompartment, type Compartment } from './compartment';
import type { FhirKit } from './kit';
import { forbidden, notFound, unauthenticated } from './outcome';

/** How the routes reach a member's data: the compartment a token may read, and the audit of each read. */
export interface MemberReads {
  /**
   * The member's compartment; 401 without a token. A SMART app's token must carry the scope the resource
   * type needs and name the member as its patient (403 otherwise, audited).
   */
  compartmentFor: (
    request: FastifyRequest,
    recordType: string,
    scope: PatientScope | null,
  ) => Promise<Compartment>;
  /** Audits a read of member data that was answered (the resources' ids), like a portal read. */
  auditRead: (
    request: FastifyRequest,
    compartment: Compartment,
    recordType: string,
    resources: readonly Resource[],
    beneficiaries: readonly string[],
  ) => Promise<void>;
  /** Refuses (404, audited) a record outside the caller's compartment. */
  refuseUnknown: (
    request: FastifyRequest,
    compartment: Compartment,
    recordType: string,
    id: string,
  ) => Promise<never>;
}

export function memberReads(app: FastifyInstance, { context, directory }: FhirKit): MemberReads {
  const compartmentFor = async (
    request: FastifyRequest,
    recordType: string,
    scope: PatientScope | null,
  ): Promise<Compartment> => {
    if (!request.fhirCaller) {
      await request.audit({
        action: 'auth.token-refused',
        outcome: 'denied',
        reason: 'missing-token',
        actor: { subject: null, role: null },
      });
      throw unauthenticated('Patient data needs a bearer token (SMART on FHIR, scope patient/*.rs).');
    }
    const smart = request.smart;
    if (smart) {
      const principal = request.fhirCaller;
      const reason =
        scope === null || !smart.scopes.has(scope)
          ? 'insufficient-scope'
          : principal.kind !== 'member' || smart.patient !== principal.memberId
            ? 'patient-mismatch'
            : null;
      if (reason) {
        await request.audit({
          action: 'access',
          outcome: 'denied',
          reason,
          recordType,
          actor: appActor(request),
        });
        throw forbidden(
          scope === null
            ? 'This resource is not readable with SMART patient scopes.'
            : `This needs the scope ${scope}, which the member did not grant to the app.`,
        );
      }
    }
    return patientCompartment(app, request, context, directory, recordType);
  };
  /** Who an audit row names: the member, and the app that read for them (its role is `app:<client id>`). */
  const appActor = (request: FastifyRequest) =>
    request.smart && request.principal
      ? { subject: request.principal.subject, role: `app:${request.smart.clientId}` }
      : undefined;

  const auditRead = async (
    request: FastifyRequest,
    compartment: Compartment,
    recordType: string,
    resources: readonly Resource[],
    beneficiaries: readonly string[],
  ) => {
    const households = new Set(beneficiaries.map((id) => compartment.householdOf.get(id) ?? null));
    const household =
      households.size === 1 ? ([...households][0] ?? null) : compartment.principal.householdId;
    const actor = appActor(request);
    await request.audit({
      action: 'read',
      outcome: 'success',
      recordType,
      recordIds: resources.map((resource) => resource.id ?? ''),
      actingForHouseholdId: household,
      ...(actor ? { actor } : {}),
    });
  };

  const refuseUnknown = async (
    request: FastifyRequest,
    compartment: Compartment,
    recordType: string,
    id: string,
  ): Promise<never> => {
    const actor = appActor(request);
    await request.audit({
      action: 'access',
      outcome: 'denied',
      reason: 'not-in-compartment',
      recordType,
      recordIds: [id.slice(0, 64)],
      actingForHouseholdId: compartment.principal.householdId,
      ...(actor ? { actor } : {}),
    });
    throw notFound(`${recordType.replace('fhir.', '')}/${id.slice(0, 64)}`);
  };

  return { compartmentFor, auditRead, refuseUnknown };
}
