import { z } from 'zod';

/** SPEC §3 application configuration "FAQ topics": translation keys of each question and answer. */
export const FaqResponseSchema = z
  .object({
    topics: z.array(z.object({ id: z.string(), questionKey: z.string(), answerKey: z.string() })),
  })
  .meta({ id: 'FaqResponse' });
export type FaqResponse = z.infer<typeof FaqResponseSchema>;

/** SPEC §3 Additional-product card (SPEC §1: apply for health QHP, dental QDP, vision CVP). */
export const AdditionalProductSchema = z
  .object({
    name: z.string(),
    urlType: z.enum(['internal', 'external']),
    iconClass: z.string(),
    applyUrl: z.string(),
  })
  .meta({ id: 'AdditionalProduct' });

export const AdditionalProductsResponseSchema = z
  .object({ items: z.array(AdditionalProductSchema) })
  .meta({ id: 'AdditionalProductsResponse' });
export type AdditionalProductsResponse = z.infer<typeof AdditionalProductsResponseSchema>;
