import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { memberSpans, policies } from '../src/db/schema';
import { repoRoot } from '../src/settings';
import { createBroker, createMemberWithPolicy } from './fixtures';
import type { TestHarness } from './harness';

/**
 * Shared by the self-service suites of issue 11 (contact information, addresses, demographics): a member
 * of their own, signed in; commands with an Idempotency-Key; a tenant whose role-config lets brokers
 * make these changes for their clients.
 */

export async function signedInMember(
  harness: TestHarness,
  options: { offExchange?: boolean; zipCode?: string; withBroker?: boolean } = {},
) {
  const brokerId = options.withBroker ? await createBroker(harness.db) : null;
  const holder = await createMemberWithPolicy(harness.db, {
    brokerId,
    ...(options.zipCode ? { zipCode: options.zipCode } : {}),
  });
  if (options.offExchange)
    await harness.db.update(policies).set({ offExchange: true }).where(eq(policies.id, holder.policyId));
  const householdId = holder.householdId ?? '';
  const token = await harness.tokenFor('consumer', ['member'], { memberId: holder.memberId });
  return { ...holder, householdId, token, brokerId };
}
export type SignedInMember = Awaited<ReturnType<typeof signedInMember>>;

/** A dental policy of the same household and subscriber, sharing the medical policy's addresses (as the seed does). */
export async function addDentalPolicy(db: Database, medicalPolicyId: string): Promise<string> {
  const [medical] = await db.select().from(policies).where(eq(policies.id, medicalPolicyId));
  if (!medical) throw new Error('no such policy');
  const id = randomUUID();
  await db.insert(policies).values({
    ...medical,
    id,
    policyNumber: `${medical.policyNumber}-D`,
    issuerSubscriberId: `${medical.issuerSubscriberId}D`,
    lineOfCoverage: 'Dental',
  });
  const [span] = await db.select().from(memberSpans).where(eq(memberSpans.policyId, medicalPolicyId));
  if (span) await db.insert(memberSpans).values({ ...span, id: randomUUID(), policyId: id });
  return id;
}

export function commands(harness: TestHarness) {
  return (method: 'POST' | 'PUT' | 'GET', url: string, token: string, payload?: object) =>
    harness.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      ...(payload ? { payload } : {}),
    });
}

export const codesOf = (response: { json: () => unknown }) =>
  ((response.json() as { errors?: { code?: string }[] }).errors ?? []).map((error) => error.code);

/**
 * A copy of the tenant's configuration whose brokers may change their clients' contact details,
 * addresses and demographics (role-config `actions`), removed after the suite.
 */
export function configLettingBrokersChange(extraAccount: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
  fs.cpSync(path.join(repoRoot, 'config'), dir, { recursive: true });
  const roleFile = path.join(dir, 'role-config.json');
  const roles = JSON.parse(fs.readFileSync(roleFile, 'utf8')) as {
    roles: Record<string, Record<string, unknown>>;
  };
  roles.roles.broker = {
    ...roles.roles.broker,
    actions: [
      'change-plan',
      'add-dependent',
      'create-service-request',
      'update-contact',
      'manage-address',
      'update-demographics',
    ],
  };
  fs.writeFileSync(roleFile, JSON.stringify(roles));
  if (Object.keys(extraAccount).length > 0) {
    const accountFile = path.join(dir, 'account.json');
    const account = JSON.parse(fs.readFileSync(accountFile, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(accountFile, JSON.stringify({ ...account, ...extraAccount }));
  }
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
