/**
 * The issuer's machines at the built-in workforce provider (issue 34, docs/decisions/051): a confidential
 * client that gets access tokens by OAuth client credentials, for one resource and one scope only — the
 * 834 import. Its tokens have their own audience, so no other API route (they all require the API's
 * audience) accepts them, and the import route accepts nothing else.
 */

/** The scope of an import token. */
export const ENROLLMENT_IMPORT_SCOPE = 'enrollment:import';

/** The audience (resource indicator) of the import tokens: the 834 endpoint's own base. */
export const enrollmentAudienceFor = (publicUrl: string): string => `${publicUrl}/api/v1/Enrollment`;

export interface SystemClient {
  clientId: string;
  secret: string;
  /** The resource its tokens are for. */
  audience: string;
  /** The only scope it may be granted. */
  scope: string;
}
