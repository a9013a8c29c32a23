import { z } from 'zod';
import { BrokerSchema } from './policy';

const NamePrefix = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[\p{L}][\p{L}' .-]*$/u, 'letters, spaces, apostrophes, dots and dashes only');

/**
 * SPEC §3/§7 broker search (`GET v1/Broker/search`): names match case-insensitively from their start,
 * the NPN (DOMAIN: up to 10 digits) exactly. At least one is required.
 */
export const BrokerSearchQuerySchema = z
  .object({
    firstName: NamePrefix.optional(),
    lastName: NamePrefix.optional(),
    npn: z
      .string()
      .trim()
      .regex(/^[0-9]{1,10}$/, 'up to 10 digits')
      .optional(),
  })
  .refine(
    (query) => query.firstName !== undefined || query.lastName !== undefined || query.npn !== undefined,
    {
      message: 'give a first name, a last name or an NPN',
    },
  );
export type BrokerSearchQuery = z.infer<typeof BrokerSearchQuerySchema>;

/** At most this many brokers are returned (ordered by last name): a directory, not an export. */
export const BROKER_SEARCH_LIMIT = 50;

export const BrokerSearchResponseSchema = z
  .object({ items: z.array(BrokerSchema).max(BROKER_SEARCH_LIMIT) })
  .meta({ id: 'BrokerSearchResponse' });
export type BrokerSearchResponse = z.infer<typeof BrokerSearchResponseSchema>;
