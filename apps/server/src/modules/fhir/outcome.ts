import type { OperationOutcome } from '@medplum/fhirtypes';

/**
 * FHIR errors (docs/decisions/053): every refusal and failure under /fhir/r4 is an OperationOutcome with
 * the HTTP status that goes with it, never the portal's problem+json. The issue's `code` is FHIR's
 * IssueType; `diagnostics` says what a developer can do, never data.
 */
export type IssueCode =
  | 'not-found'
  | 'forbidden'
  | 'login'
  | 'invalid'
  | 'not-supported'
  | 'throttled'
  | 'exception'
  | 'transient'
  | 'too-costly';

export class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly code: IssueCode,
    readonly diagnostics: string,
  ) {
    super(diagnostics);
  }
}

export function operationOutcome(
  code: IssueCode,
  diagnostics: string,
  severity: 'error' | 'fatal' = 'error',
): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}

export const notFound = (what: string) =>
  new FhirError(404, 'not-found', `${what} is not known to this server, or not yours to read.`);
export const invalid = (diagnostics: string) => new FhirError(400, 'invalid', diagnostics);
export const unauthenticated = (diagnostics: string) => new FhirError(401, 'login', diagnostics);
export const forbidden = (diagnostics: string) => new FhirError(403, 'forbidden', diagnostics);
