import { z } from 'zod';

/**
 * Issue 37 (docs/decisions/054): the third-party apps a member let read their information through the
 * FHIR Patient Access API (SMART on FHIR), and disconnecting one.
 */

export const ConnectedAppSchema = z
  .object({
    /** The app's OAuth client id (as the issuer registered it). */
    clientId: z.string(),
    name: z.string(),
    publisher: z.string(),
    /** What the member allowed it to read: `patient/Patient.rs`, `patient/Coverage.rs`, … */
    scopes: z.array(z.string()),
    /** When the member first allowed it. */
    connectedAt: z.iso.datetime(),
    /** Until when the permission lasts unless the member disconnects the app first. */
    expiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ConnectedApp' });
export type ConnectedApp = z.infer<typeof ConnectedAppSchema>;

export const ConnectedAppsSchema = z
  .object({ apps: z.array(ConnectedAppSchema) })
  .meta({ id: 'ConnectedApps' });
export type ConnectedApps = z.infer<typeof ConnectedAppsSchema>;

export const DisconnectAppRequestSchema = z
  .object({ clientId: z.string().min(1).max(64) })
  .strict()
  .meta({ id: 'DisconnectAppRequest' });
export type DisconnectAppRequest = z.infer<typeof DisconnectAppRequestSchema>;

export const DisconnectAppResponseSchema = z
  .object({ clientId: z.string(), disconnected: z.boolean() })
  .meta({ id: 'DisconnectAppResponse' });
export type DisconnectAppResponse = z.infer<typeof DisconnectAppResponseSchema>;
