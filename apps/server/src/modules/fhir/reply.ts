import type { FastifyReply } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import { operationOutcome, type IssueCode } from './outcome';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** An OperationOutcome with its status, never cached. */
export function sendOutcome(reply: FastifyReply, status: number, code: IssueCode, diagnostics: string) {
  return reply
    .status(status)
    .type(FHIR_JSON)
    .header('Cache-Control', 'no-store')
    .send(JSON.stringify(operationOutcome(code, diagnostics)));
}

/** A resource or Bundle: member data is never cached; the public directory for five minutes. */
export function sendResource(reply: FastifyReply, resource: Resource | object, cache: 'private' | 'public') {
  return reply
    .type(FHIR_JSON)
    .header('Cache-Control', cache === 'private' ? 'no-store' : 'public, max-age=300')
    .send(JSON.stringify(resource));
}
