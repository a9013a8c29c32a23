import type { AccountConfig } from '@portal/contracts';

/**
 * SMART App Launch 2 (standalone launch) at the consumer identity provider (issue 37, docs/decisions/054):
 * what the provider, its consent screen, the FHIR server and the connected-apps page share.
 */

/** Where the FHIR server is (`/fhir/r4`): its base URL is the audience of a SMART app's access token. */
export const FHIR_BASE_PATH = '/fhir/r4';
export const fhirAudienceFor = (publicUrl: string): string => `${publicUrl}${FHIR_BASE_PATH}`;

/** The resource scopes a SMART app may be granted on the FHIR server (SMART v2: read and search). */
export const PATIENT_SCOPES = ['patient/Patient.rs', 'patient/Coverage.rs'] as const;
export type PatientScope = (typeof PATIENT_SCOPES)[number];

/** The OpenID scopes a SMART app may add: sign-in, the patient in context, who the user is, staying connected. */
export const SMART_OIDC_SCOPES = ['openid', 'launch/patient', 'fhirUser', 'offline_access'] as const;

/** How long a member's permission for an app lasts unless they disconnect it first, and its refresh tokens. */
export const SMART_GRANT_SECONDS = 90 * 24 * 60 * 60;

export type SmartApp = AccountConfig['smartApps'][number];

export function smartApps(account: AccountConfig): ReadonlyMap<string, SmartApp> {
  return new Map(account.smartApps.map((app) => [app.clientId, app]));
}
