import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdditionalProductsResponseSchema, FaqResponseSchema } from '@portal/contracts';
import { repoRoot } from '../../settings';
import { buildTestApp } from '../../../test/app';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { createAccount, createMemberWithPolicy, PASSWORD } from '../../../test/fixtures';
import { signIn } from '../../../test/oidc';
import { CSRF, portalTokenOf } from '../../../test/guest-session';

/** The tenant's configuration with FAQ topics and product cards added (the demo tenant ships none yet). */
function configWithContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
  fs.cpSync(path.join(repoRoot, 'config'), dir, { recursive: true });
  const file = path.join(dir, 'account.json');
  const account = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  account.faqTopics = [
    {
      id: 'paying',
      titleKey: 'faq.topics.paying',
      items: [{ id: 'pay', questionKey: 'faq.pay.question', answerKey: 'faq.pay.answer' }],
    },
  ];
  account.additionalProducts = [
    {
      name: 'dental',
      urlType: 'internal',
      iconClass: 'tooth',
      applyUrl: '/admin/additional-products/dental',
    },
  ];
  fs.writeFileSync(file, JSON.stringify(account));
  return dir;
}

describe('FAQ topics and additional products (SPEC §3 application configuration)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let configDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    configDir = configWithContent();
    ({ app } = await buildTestApp({ database: database.handle, env: { CONFIG_DIR: configDir } }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('serves the configured FAQ topics and product cards to members and guests, not to anonymous callers', async () => {
    const subscriber = await createMemberWithPolicy(database.handle.db, {
      dob: '1990-09-09',
      zipCode: '02740',
    });
    const account = await createAccount(database.handle.db, {
      realm: 'consumer',
      roles: ['member'],
      memberId: subscriber.memberId,
    });
    const member = (await signIn(app, 'consumer', account.username, PASSWORD)).accessToken;
    const located = await app.inject({
      method: 'POST',
      url: '/api/v1/guest/locate-account',
      headers: CSRF,
      payload: {
        identifierType: 'policyNumber',
        identifier: subscriber.policyNumber,
        dateOfBirth: '1990-09-09',
        zipCode: '02740',
      },
    });
    const guest = await portalTokenOf(app, located);
    for (const token of [member, guest]) {
      expect(FaqResponseSchema.parse((await get('/api/v1/faq', token)).json())).toEqual({
        topics: [
          {
            id: 'paying',
            titleKey: 'faq.topics.paying',
            items: [{ id: 'pay', questionKey: 'faq.pay.question', answerKey: 'faq.pay.answer' }],
          },
        ],
      });
      expect(
        AdditionalProductsResponseSchema.parse((await get('/api/v1/additional-products', token)).json()),
      ).toEqual({
        items: [
          {
            name: 'dental',
            urlType: 'internal',
            iconClass: 'tooth',
            applyUrl: '/admin/additional-products/dental',
          },
        ],
      });
    }
    expect((await get('/api/v1/faq')).statusCode).toBe(401);
    expect((await get('/api/v1/additional-products')).statusCode).toBe(401);
  });

  it('describes every read route of the member data in the OpenAPI document, with a tag', async () => {
    const document = (await get('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const expected: [string, string, string][] = [
      ['/api/v1/Policy/{policyId}/payments', 'get', 'payment'],
      ['/api/v1/Policy/{policyId}/scheduled-payments', 'get', 'payment'],
      ['/api/v1/Policy/{policyId}/autopay', 'get', 'payment'],
      ['/api/v1/Household/{householdId}/documents', 'get', 'document'],
      ['/api/v1/Document/{documentId}', 'get', 'document'],
      ['/api/v1/Notification', 'get', 'notification'],
      ['/api/v1/Notification', 'put', 'notification'],
      ['/api/v1/Notification/unread-count', 'get', 'notification'],
      ['/api/v1/Notification/{id}', 'get', 'notification'],
      ['/api/v1/Notification/{id}', 'put', 'notification'],
      ['/api/v1/Member/2/{folderId}', 'get', 'member'],
      ['/api/v1/Wallet/{referenceId}', 'post', 'wallet'],
      ['/api/v1/Broker/search', 'get', 'broker'],
      ['/api/v1/Group/FromSubscribers', 'get', 'group'],
      ['/api/v1/faq', 'get', 'content'],
      ['/api/v1/additional-products', 'get', 'content'],
    ];
    for (const [route, method, tag] of expected)
      expect(document.paths[route]?.[method]?.tags, `${method} ${route}`).toEqual([tag]);
  });
});
