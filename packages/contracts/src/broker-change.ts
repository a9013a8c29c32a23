import { z } from 'zod';
import { UuidSchema } from './common';

/**
 * Issue 12, SPEC §2 /admin/policy-selection/broker: the member asks to change the policy's broker of
 * record, or to remove it — a `change-broker` service request staff review (issue 13 applies it). A new
 * broker is appointed only with the member's authorisation (as a broker-of-record letter asks).
 */
export const ChangeBrokerRequestSchema = z
  .discriminatedUnion('change', [
    z.object({
      change: z.literal('change'),
      brokerId: UuidSchema,
      /** The member authorises the new broker to act for them on this policy. */
      authorize: z.literal(true, { error: 'the member must authorise the new broker' }),
    }),
    z.object({ change: z.literal('remove') }),
  ])
  .meta({ id: 'ChangeBrokerRequest' });
export type ChangeBrokerRequest = z.infer<typeof ChangeBrokerRequestSchema>;
