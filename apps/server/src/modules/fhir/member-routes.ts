import type { FastifyInstance } from 'fastify';
import type { Coverage, Resource } from '@medplum/fhirtypes';
import type { FhirKit } from './kit';
import type { MemberReads } from './member-reads';
import { sendResource } from './reply';
import {
  checkParameters,
  includes,
  lastUpdatedFilter,
  referencedId,
  searchset,
  tokenMatcher,
  values,
  type Query,
} from './search';

/** The Patient Access API's member resources: Patient and Coverage, for the caller's compartment. */
export function memberRoutes(
  app: FastifyInstance,
  { base, issuer }: FhirKit,
  { compartmentFor, auditRead, refuseUnknown }: MemberReads,
): void {
  // ---- Patient ----
  app.get<{ Params: { id: string } }>('/Patient/:id', async (request, reply) => {
    const compartment = await compartmentFor(request, 'fhir.Patient', 'patient/Patient.rs');
    const patient = compartment.patients.get(request.params.id);
    if (!patient) return refuseUnknown(request, compartment, 'fhir.Patient', request.params.id);
    await auditRead(request, compartment, 'fhir.Patient', [patient], [request.params.id]);
    return sendResource(reply, patient, 'private');
  });
  app.get<{ Querystring: Query }>('/Patient', async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'identifier']);
    const compartment = await compartmentFor(request, 'fhir.Patient', 'patient/Patient.rs');
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const identifiers = values(query, 'identifier').map(tokenMatcher);
    const updated = lastUpdatedFilter(query);
    const matches = [...compartment.patients.values()].filter(
      (patient) =>
        (ids.length === 0 || ids.includes(patient.id ?? '')) &&
        identifiers.every((matches) =>
          (patient.identifier ?? []).some((identifier) =>
            matches({ system: identifier.system, code: identifier.value }),
          ),
        ) &&
        updated(patient.meta?.lastUpdated),
    );
    const bundle = searchset(`${base}/Patient`, query, matches, () => [], base);
    const shown = (bundle.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource) => resource !== undefined);
    await auditRead(
      request,
      compartment,
      'fhir.Patient',
      shown,
      shown.map((resource) => resource.id ?? ''),
    );
    return sendResource(reply, bundle, 'private');
  });

  // ---- Coverage ----
  const coverageIncludes = ['Coverage:payor', 'Coverage:beneficiary', 'Coverage:subscriber'];
  app.get<{ Params: { id: string } }>('/Coverage/:id', async (request, reply) => {
    const compartment = await compartmentFor(request, 'fhir.Coverage', 'patient/Coverage.rs');
    const coverage = compartment.coverages.get(request.params.id);
    if (!coverage) return refuseUnknown(request, compartment, 'fhir.Coverage', request.params.id);
    await auditRead(request, compartment, 'fhir.Coverage', [coverage], [beneficiaryOf(coverage)]);
    return sendResource(reply, coverage, 'private');
  });
  app.get<{ Querystring: Query }>('/Coverage', async (request, reply) => {
    const query = request.query;
    checkParameters(query, ['_id', 'patient', 'beneficiary', 'subscriber', 'status']);
    const wanted = includes(query, coverageIncludes);
    const compartment = await compartmentFor(request, 'fhir.Coverage', 'patient/Coverage.rs');
    const ids = values(query, '_id').flatMap((value) => value.split(','));
    const beneficiaries = [...values(query, 'patient'), ...values(query, 'beneficiary')].map((value) =>
      referencedId(value, 'Patient'),
    );
    const subscribers = values(query, 'subscriber').map((value) => referencedId(value, 'Patient'));
    const statuses = values(query, 'status').flatMap((value) => value.split(','));
    const updated = lastUpdatedFilter(query);
    const matches = [...compartment.coverages.values()].filter(
      (coverage) =>
        (ids.length === 0 || ids.includes(coverage.id ?? '')) &&
        beneficiaries.every((id) => beneficiaryOf(coverage) === id) &&
        subscribers.every((id) => coverage.subscriber?.reference === `Patient/${id}`) &&
        (statuses.length === 0 || statuses.includes(coverage.status)) &&
        updated(coverage.meta?.lastUpdated),
    );
    const bundle = searchset(
      `${base}/Coverage`,
      query,
      matches,
      (page) => {
        const extra: Resource[] = [];
        for (const coverage of page as Coverage[]) {
          if (wanted.has('Coverage:payor')) extra.push(issuer());
          const mayIncludePatients = request.smart ? request.smart.scopes.has('patient/Patient.rs') : true;
          if (wanted.has('Coverage:beneficiary') && mayIncludePatients) {
            const patient = compartment.patients.get(beneficiaryOf(coverage));
            if (patient) extra.push(patient);
          }
          if (wanted.has('Coverage:subscriber') && mayIncludePatients) {
            const patient = compartment.patients.get(
              (coverage.subscriber?.reference ?? '').replace('Patient/', ''),
            );
            if (patient) extra.push(patient);
          }
        }
        return extra;
      },
      base,
    );
    const shown = (bundle.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource) => resource !== undefined);
    const memberResources = shown.filter((resource) => resource.resourceType !== 'Organization');
    await auditRead(
      request,
      compartment,
      'fhir.Coverage',
      memberResources,
      memberResources.map((resource) =>
        resource.resourceType === 'Coverage' ? beneficiaryOf(resource) : (resource.id ?? ''),
      ),
    );
    return sendResource(reply, bundle, 'private');
  });
}

const beneficiaryOf = (coverage: Coverage): string =>
  coverage.beneficiary.reference?.replace('Patient/', '') ?? '';
