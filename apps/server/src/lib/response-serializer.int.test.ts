import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildTestApp } from '../../test/app';
import { openTestDatabase, type TestDatabase } from '../../test/database';
import { signIn } from '../../test/oidc';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { seedDatabase } from '../seed/seed';

const TODAY = '2027-02-22';

/**
 * Production writes responses with serializers compiled from the contracts (docs/decisions/035); tests
 * and development validate every response with zod. Both must send callers the same bytes' meaning.
 */
describe('compiled response serializers (production) against the validating ones (tests, development)', () => {
  let database: TestDatabase;
  const apps: Record<'validating' | 'compiled', FastifyInstance> = {} as never;
  // A route whose handler returns more than its contract names: neither serializer may send the extra field.
  const withExtraField = (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/test/extra-field',
      {
        schema: {
          response: {
            200: z.object({ id: z.string(), amountCents: z.number().int(), note: z.string().nullable() }),
          },
        },
      },
      () => ({ id: 'a', amountCents: 12, note: null, ssn: '078-05-1120' }) as never,
    );
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatabase(database.handle, { households: 2, seed: 'serializers', today: TODAY });
    for (const [name, validation] of [
      ['validating', 'true'],
      ['compiled', 'false'],
    ] as const) {
      ({ app: apps[name] } = await buildTestApp({
        database: database.handle,
        env: { DEMO_MODE: 'true', DEMO_TODAY: TODAY, RESPONSE_VALIDATION: validation },
        beforeReady: withExtraField,
      }));
    }
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await database.dispose();
  });

  /** The same reads on both apps, each signed in on its own: household, then every policy in it. */
  async function reads(
    app: FastifyInstance,
    realm: 'consumer' | 'workforce',
    username: string,
    body: object = {},
  ) {
    const { accessToken } = await signIn(app, realm, username, DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const household = await app.inject({
      method: 'POST',
      url: '/api/v1/Household/user',
      headers,
      payload: body,
    });
    expect(household.statusCode, household.body).toBe(200);
    const ids = household
      .json<{ households: { policies: { id: string }[] }[] }>()
      .households.flatMap((entry) => entry.policies.map((policy) => policy.id));
    const policies = [];
    for (const id of [...new Set(ids)]) {
      const policy = await app.inject({ method: 'GET', url: `/api/v1/Policy/${id}`, headers });
      expect(policy.statusCode, policy.body).toBe(200);
      policies.push(policy.body);
    }
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v1/Policy/00000000-0000-4000-8000-000000000000',
      headers,
    });
    // The member's other reads, each written by its own compiled serializer (schemas rewritten by withoutValidatingUnions).
    const householdIds = household
      .json<{ households: { household: { id: string } }[] }>()
      .households.map((entry) => entry.household.id);
    const urls = [
      '/api/v1/Notification',
      '/api/v1/Notification/unread-count',
      ...householdIds.flatMap((id) =>
        ['documents', 'contact-information', 'paperless', 'service-requests', 'additional-products'].map(
          (part) => `/api/v1/Household/${id}/${part}`,
        ),
      ),
      ...householdIds.map((id) => `/api/v1/Wallet/household/${id}`),
      ...[...new Set(ids)].flatMap((id) =>
        [
          'benefits',
          'coverage-details',
          'payments',
          'scheduled-payments',
          'autopay',
          'id-cards',
          'plan-choices',
          'broker',
          'addresses',
          'dependents',
          'demographics',
        ].map((part) => `/api/v1/Policy/${id}/${part}`),
      ),
    ];
    const others: [string, number, unknown][] = [];
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url, headers });
      others.push([url, response.statusCode, response.statusCode === 200 ? JSON.parse(response.body) : null]);
    }
    return { household: household.body, policies, missing: missing.body, ids, others };
  }

  it.each([
    ['consumer', 'maria.santos'],
    ['consumer', 'kevin.oconnor'],
    ['consumer', 'aisha.johnson'],
  ] as const)(
    'send %s %s the same household, policy, wallet, document and notification reads',
    async (realm, username) => {
      const validating = await reads(apps.validating, realm, username);
      const compiled = await reads(apps.compiled, realm, username);
      expect(validating.ids.length).toBeGreaterThan(0);
      expect(JSON.parse(compiled.household)).toEqual(JSON.parse(validating.household));
      expect(compiled.policies.map((body) => JSON.parse(body) as unknown)).toEqual(
        validating.policies.map((body) => JSON.parse(body) as unknown),
      );
      expect(compiled.others).toEqual(validating.others);
      expect(validating.others.filter(([, status]) => status === 200).length).toBeGreaterThan(10);
      // Problems (404 here) too; each names its own request.
      const problem = (body: string) => ({
        ...(JSON.parse(body) as Record<string, unknown>),
        requestId: 'one',
      });
      expect(problem(compiled.missing)).toEqual(problem(validating.missing));
    },
  );

  it('never send a field the contract does not name', async () => {
    for (const app of Object.values(apps)) {
      const response = await app.inject({ method: 'GET', url: '/test/extra-field' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: 'a', amountCents: 12, note: null });
    }
  });
});
