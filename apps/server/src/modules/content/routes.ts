import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AdditionalProductsResponseSchema, FaqResponseSchema, ProblemSchema } from '@portal/contracts';
import { requirePrincipal } from '../../auth/access';

/**
 * Tenant content from the account configuration (SPEC §3 application configuration): no member data,
 * so every signed-in caller, guests included (the guest pages of role-config include /admin/faq), may read it.
 */
export const contentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/v1/faq',
    {
      schema: {
        tags: ['content'],
        summary: 'FAQ topics (translation keys of questions and answers)',
        description:
          'SPEC §3 FAQ topics, SPEC §2 /admin/faq, from the tenant’s account configuration (faqTopics).',
        response: { 200: FaqResponseSchema, 401: ProblemSchema },
      },
    },
    (request) => {
      requirePrincipal(request);
      return { topics: app.tenant.account.faqTopics };
    },
  );

  app.get(
    '/v1/additional-products',
    {
      schema: {
        tags: ['content'],
        summary: 'Additional-product cards (apply for health, dental, vision)',
        description:
          'SPEC §3 Additional-product card, SPEC §1, SPEC §2 /admin/additional-products, from the tenant’s account configuration (additionalProducts).',
        response: { 200: AdditionalProductsResponseSchema, 401: ProblemSchema },
      },
    },
    (request) => {
      requirePrincipal(request);
      return { items: app.tenant.account.additionalProducts };
    },
  );
  done();
};
