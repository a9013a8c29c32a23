import { z } from 'zod';

/**
 * `POST /api/v1/saml/acs`: a SAML Response by the HTTP-POST binding (SPEC §1 "asserted session",
 * §3 "Sign-in assertion"), sent by the browser as `application/x-www-form-urlencoded`.
 */
export const SamlAcsRequestSchema = z
  .object({
    /** The base64-encoded SAML Response, its assertion signed by the trusted identity provider. */
    SAMLResponse: z.string().min(1).max(200_000),
    /** Where to continue in the portal: a path on this site (anything else is ignored). */
    RelayState: z.string().max(1000).optional(),
  })
  .meta({ id: 'SamlAcsRequest' });
export type SamlAcsRequest = z.infer<typeof SamlAcsRequestSchema>;
