import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    version: z.string(),
    database: z.object({
      status: z.enum(['up', 'down']),
      driver: z.enum(['pglite', 'postgres']),
    }),
    /** The job queue as this instance sees it: off when it runs no workers (JOBS=false). */
    jobs: z.object({
      status: z.enum(['up', 'off', 'down']),
      /** Billing-day runs waiting. */
      queued: z.number().int().min(0),
      /** Runs that failed after their retries (kept a week). */
      failed: z.number().int().min(0),
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
