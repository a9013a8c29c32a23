import type { Organization } from '@medplum/fhirtypes';
import type { DirectoryResources } from './directory-resources';
import type { MemberContext } from './member-resources';

/** What the FHIR server's route files share (built once in routes.ts). */
export interface FhirKit {
  /** The server's base URL (`<public URL>/fhir/r4`). */
  base: string;
  /** The issuer's details that member resources carry. */
  context: MemberContext;
  /** The public directory's resources, built on first use and again after a failed build. */
  directory: () => Promise<DirectoryResources>;
  /** The issuer's own Organization. */
  issuer: () => Organization;
  /** The rate limit of the public routes (FHIR_DIRECTORY_RATE_LIMIT per minute per address). */
  publicLimit: { rateLimit: { max: number; timeWindow: string } };
}
