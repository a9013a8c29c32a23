import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    version: z.string(),
    database: z.object({
      status: z.enum(['up', 'down']),
      driver: z.enum(['pglite', 'postgres']),
    }),
    /**
     * The job queue as this instance sees it: off when it runs no workers (JOBS=false), starting while its
     * start is tried again (issue 40: another instance was creating the queue's tables), down when it fails.
     */
    jobs: z.object({
      status: z.enum(['up', 'off', 'starting', 'down']),
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
 * does not answer, while its schema lacks a migration this build needs (another instance still
 * migrating), while a part this instance runs is not running (its job queue: issue 40), and from the
 * moment it is told to stop (it serves on for a few seconds while the load balancer notices). Redis is
 * reported but never makes an instance unready: every instance shares it, and without it live
 * notifications fall back to polling and rate limits to each instance's own count.
 */
export const ReadinessSchema = z
  .object({
    status: z.enum(['ready', 'not-ready']),
    checks: z.object({
      database: z.enum(['up', 'down']),
      migrations: z.enum(['current', 'pending', 'unknown']),
      jobs: z.enum(['up', 'off', 'starting', 'down']),
      redis: z.enum(['up', 'down', 'off']),
      lifecycle: z.enum(['running', 'draining']),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof ReadinessSchema>;
