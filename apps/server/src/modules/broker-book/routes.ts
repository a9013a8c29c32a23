import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookFilterSchema, BookPageSchema, BookQuerySchema, ProblemSchema } from '@portal/contracts';
import { authorizeBrokerBook } from '../../auth/access';
import { brokerBookCsv, brokerBookPage } from './service';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const FILTERS =
  'Filters: `status` (enrolment status), `market` (individual, group), `line` (Medical, Dental, Vision), and `true`/`false` for `pastDue`, `gracePeriod` (in a grace period now), `renewalPending` (a coming renewal span not yet effectuated) and `autopayOff`; `q` searches the policyholder’s name (any part), the policy number and the issuer or exchange subscriber id (from their start). `sort` and `order` (ascending, nulls last; ties by policy).';

/** Issue 13: the signed-in broker's book of business — a page for the grid, and the filtered book as CSV. */
export const brokerBookRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/v1/Broker/book',
    {
      schema: {
        tags: ['broker'],
        summary: 'The signed-in broker’s book of business, a page at a time',
        description: `Issue 13. Every policy where the caller is broker of record (brokers only: anyone else 403, audited), one row per policy. ${FILTERS} \`alerts\` counts the whole book’s clients in a grace period and renewals pending, whatever the filters. The read is audited with the households and policies shown.`,
        querystring: BookQuerySchema,
        response: { 200: BookPageSchema, ...problems },
      },
    },
    async (request) => {
      const { brokerId } = await authorizeBrokerBook(request);
      const page = await brokerBookPage(db, brokerId, app.today(), request.query);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'broker-book',
        recordIds: page.items.map((row) => `policy:${row.policyId}`),
      });
      return page;
    },
  );

  app.get(
    '/v1/Broker/book.csv',
    {
      compress: false,
      schema: {
        tags: ['broker'],
        summary: 'The signed-in broker’s filtered book of business as CSV',
        description: `Issue 13. The rows \`GET /api/v1/Broker/book\` would page through with the same filters and sort, every one of them, as \`text/csv\` (a header row, amounts in dollars, dates as YYYY-MM-DD), streamed as it is read. ${FILTERS} Audited before it starts.`,
        querystring: BookFilterSchema,
        response: { 200: z.string().meta({ description: 'text/csv' }), ...problems },
      },
    },
    async (request, reply) => {
      const { brokerId } = await authorizeBrokerBook(request);
      // Audited before the first byte leaves: an export cut off half-way was still an export.
      await request.audit({ action: 'export', outcome: 'success', recordType: 'broker-book', recordIds: [] });
      const csv = brokerBookCsv(db, brokerId, app.today(), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="book-of-business-${app.today()}.csv"`)
        .send(csv as unknown as string);
    },
  );
  done();
};
