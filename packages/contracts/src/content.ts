import { z } from 'zod';

/**
 * SPEC §3 application configuration "FAQ topics (question and answer items)": each topic's title and its
 * questions and answers as translation keys (the tenant's language files hold the words).
 */
export const FaqTopicSchema = z
  .object({
    id: z.string(),
    titleKey: z.string(),
    items: z.array(z.object({ id: z.string(), questionKey: z.string(), answerKey: z.string() })),
  })
  .meta({ id: 'FaqTopic' });
export type FaqTopic = z.infer<typeof FaqTopicSchema>;

export const FaqResponseSchema = z.object({ topics: z.array(FaqTopicSchema) }).meta({ id: 'FaqResponse' });
export type FaqResponse = z.infer<typeof FaqResponseSchema>;

/** SPEC §3 Additional-product card (SPEC §1: apply for health QHP, dental QDP, vision CVP). */
export const AdditionalProductSchema = z
  .object({
    name: z.string(),
    urlType: z.enum(['internal', 'external']),
    iconClass: z.string(),
    applyUrl: z.string(),
    /** SPEC §1: health (QHP), dental (QDP) or vision (CVP). */
    productType: z.enum(['QHP', 'QDP', 'CVP']).optional(),
  })
  .meta({ id: 'AdditionalProduct' });

export const AdditionalProductsResponseSchema = z
  .object({ items: z.array(AdditionalProductSchema) })
  .meta({ id: 'AdditionalProductsResponse' });
export type AdditionalProductsResponse = z.infer<typeof AdditionalProductsResponseSchema>;
