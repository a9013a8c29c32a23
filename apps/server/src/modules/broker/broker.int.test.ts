import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BrokerSearchResponseSchema } from '@portal/contracts';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { brokers } from '../../db/schema';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

describe('GET /api/v1/Broker/search (SPEC §7, §3 Broker search)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app } = await buildTestApp({ database: database.handle }));
    const subscriber = await createMemberWithPolicy(database.handle.db);
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: subscriber.memberId,
    });
    token = (await signIn(app, 'consumer', account.username, PASSWORD)).accessToken;
    await database.handle.db.insert(brokers).values([
      {
        npn: '20000001',
        firstName: 'Maria',
        lastName: 'Souza',
        agencyName: 'Bay State Benefits',
        phone: '617-555-0101',
        email: 'maria@example.org',
        licensedStates: ['MA'],
      },
      { npn: '20000002', firstName: 'Mario', lastName: 'Sousa', agencyName: null },
      { npn: '20000003', firstName: 'Ana', lastName: 'souto' },
      { npn: '20000004', firstName: 'Marta', lastName: 'Almeida' },
      { npn: '20000005', firstName: 'Joe', lastName: 'O_Neil' },
      ...Array.from({ length: 55 }, (_, index) => ({
        npn: String(30_000_000 + index),
        firstName: 'Bulk',
        lastName: `Zed${String(index).padStart(2, '0')}`,
      })),
    ]);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const search = (query: string, as = token) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/Broker/search?${query}`,
      headers: { authorization: `Bearer ${as}` },
    });
  const names = async (query: string) => {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(200);
    return BrokerSearchResponseSchema.parse(response.json()).items.map((b) => `${b.firstName} ${b.lastName}`);
  };

  it('matches names from their start, case-insensitively, ordered by last name', async () => {
    expect(await names('lastName=SOU')).toEqual(['Mario Sousa', 'Ana souto', 'Maria Souza']);
    expect(await names('firstName=mar')).toEqual(['Marta Almeida', 'Mario Sousa', 'Maria Souza']);
    expect(await names('firstName=Mar&lastName=sou')).toEqual(['Mario Sousa', 'Maria Souza']);
    // Not a substring match.
    expect(await names('lastName=ouza')).toEqual([]);
  });

  it('matches the NPN exactly and gives public directory facts only', async () => {
    const response = await search('npn=20000001');
    expect(BrokerSearchResponseSchema.parse(response.json()).items).toEqual([
      {
        id: expect.any(String) as string,
        npn: '20000001',
        firstName: 'Maria',
        lastName: 'Souza',
        agencyName: 'Bay State Benefits',
        email: 'maria@example.org',
        phone: '617-555-0101',
      },
    ]);
    expect(response.body).not.toContain('licensedStates');
    expect(await names('npn=2000000')).toEqual([]);
  });

  it('returns at most 50', async () => {
    const found = await names('firstName=bulk');
    expect(found).toHaveLength(50);
    expect(found[0]).toBe('Bulk Zed00');
    expect(found.at(-1)).toBe('Bulk Zed49');
  });

  it('takes a LIKE wildcard literally: refused as a name character', async () => {
    expect((await search('lastName=O_')).statusCode).toBe(400);
    expect((await search('lastName=%25')).statusCode).toBe(400);
  });

  it('refuses a search without any criterion, and malformed criteria, with 400', async () => {
    const none = await search('');
    expect(none.statusCode).toBe(400);
    expect(none.headers['content-type']).toContain('application/problem+json');
    expect((await search('npn=12ab')).statusCode).toBe(400);
    expect((await search('npn=12345678901')).statusCode).toBe(400);
    expect((await search(`lastName=${'a'.repeat(51)}`)).statusCode).toBe(400);
    expect((await search('lastName=%20%20')).statusCode).toBe(400);
  });

  it('is open to a guest who located an account (no member data in it)', async () => {
    const subscriber = await createMemberWithPolicy(database.handle.db, {
      dob: '1966-06-06',
      zipCode: '02130',
    });
    const located = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'policyNumber',
        identifier: subscriber.policyNumber,
        dateOfBirth: '1966-06-06',
        zipCode: '02130',
      },
    });
    expect((await search('lastName=sou', await portalTokenOf(app, located))).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/Broker/search?lastName=sou' })).statusCode).toBe(
      401,
    );
  });
});
