import { z } from 'zod';
import { UuidSchema } from './common';

const SubscriberEntityId = z
  .string()
  .max(30)
  .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and dashes only');

/**
 * SPEC §7 `GET v1/Group/FromSubscribers?subscriberEntityIds=a,b`: a comma-separated list of issuer
 * subscriber ids. An empty or missing list is allowed and gives an empty answer.
 */
export const GroupFromSubscribersQuerySchema = z.object({
  subscriberEntityIds: z
    .string()
    .max(2000)
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ])
    .pipe(z.array(SubscriberEntityId).max(50)),
});

/** An employer group (DOMAIN "Group market") and which of the asked subscribers it covers. */
export const EmployerGroupSchema = z
  .object({
    id: UuidSchema,
    groupNumber: z.string(),
    name: z.string(),
    subscriberEntityIds: z.array(z.string()),
  })
  .meta({ id: 'EmployerGroup' });

export const GroupFromSubscribersResponseSchema = z
  .object({ items: z.array(EmployerGroupSchema) })
  .meta({ id: 'GroupFromSubscribersResponse' });
export type GroupFromSubscribersResponse = z.infer<typeof GroupFromSubscribersResponseSchema>;
