import { z } from 'zod';

export const ClientEventLevelSchema = z.enum(['debug', 'info', 'warn', 'error']);

/** One monitoring event from the web app (SPEC §7 `POST v1/Logging`). */
export const ClientEventSchema = z
  .object({
    level: ClientEventLevelSchema,
    /** A short machine-readable name, e.g. `config-load-failed`. */
    event: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only'),
    message: z.string().max(2000).optional(),
    /** The SPA route where it happened (no query string). */
    page: z.string().max(300).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ClientEvent' });
export type ClientEvent = z.infer<typeof ClientEventSchema>;

export const MAX_CLIENT_EVENTS_PER_REQUEST = 20;

export const ClientLogRequestSchema = z
  .object({ events: z.array(ClientEventSchema).min(1).max(MAX_CLIENT_EVENTS_PER_REQUEST) })
  .meta({ id: 'ClientLogRequest' });
export type ClientLogRequest = z.infer<typeof ClientLogRequestSchema>;

export const ClientLogResponseSchema = z
  .object({ accepted: z.number().int().min(0) })
  .meta({ id: 'ClientLogResponse' });
export type ClientLogResponse = z.infer<typeof ClientLogResponseSchema>;
