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

/** `GET /api/health/live`: the process runs and answers (docs/decisions/034); nothing else is checked. */
export const LivenessSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
export type Liveness = z.infer<typeof LivenessSchema>;

/**
 * `GET /api/health/ready`: whether this instance should get traffic. Not ready (503) while the database
 * does not answer, or while its schema lacks a migration this build needs (another instance still
 * migrating). A stopping instance answers every request 503 (Fastify's own, while in-flight ones end).
 */
export const ReadinessSchema = z
  .object({
    status: z.enum(['ready', 'not-ready']),
    checks: z.object({
      database: z.enum(['up', 'down']),
      migrations: z.enum(['current', 'pending', 'unknown']),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof ReadinessSchema>;
