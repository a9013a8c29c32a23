import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema';

/**
 * The models whose id is itself a credential: whoever holds the value can redeem it (a refresh token,
 * an authorization code, an opaque access token…). Sessions, interactions and grants are not: they are
 * reached through signed cookies or by reference, and the provider looks sessions up by `uid`.
 */
const CREDENTIAL_MODELS: ReadonlySet<string> = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'InitialAccessToken',
  'RegistrationAccessToken',
  'PushedAuthorizationRequest',
]);

/** What a credential's id is stored as: a SHA-256 digest, so a read of the table yields nothing redeemable. */
export const storedTokenId = (id: string): string =>
  `sha256:${createHash('sha256').update(id).digest('base64url')}`;

/**
 * oidc-provider storage in our database (table oidc_payloads), so sign-in sessions, grants and
 * refresh tokens survive a restart and are shared by every instance. Expired rows are ignored on
 * read and removed by `purgeExpired`. Credentials are stored under the hash of their id, and without
 * the id in their payload (`jti`): the adapter hashes the id on every look-up and puts it back into the
 * payload it returns, so the provider never notices.
 */
/** The account a deleted grant was for (oidc-provider keeps it in the grant's payload). */
const accountOfGrant = (rows: { model: string; payload: unknown }[]): string | null => {
  const payload = rows.find((row) => row.model === 'Grant')?.payload as { accountId?: unknown } | undefined;
  return typeof payload?.accountId === 'string' ? payload.accountId : null;
};

export function createAdapterClass(
  db: Database,
  onGrantRevoked: (grantId: string, accountId: string | null) => void | Promise<void> = () => undefined,
): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    private readonly hashed: boolean;

    constructor(private readonly model: string) {
      this.hashed = CREDENTIAL_MODELS.has(model);
    }

    private key(id: string): string {
      return this.hashed ? storedTokenId(id) : id;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const stored: Record<string, unknown> = { ...payload };
      if (this.hashed) delete stored.jti;
      const row = {
        model: this.model,
        id: this.key(id),
        payload: stored,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: {
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt,
          },
        });
    }

    private async findWhere(
      condition: ReturnType<typeof eq>,
      id?: string,
    ): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.model, this.model),
            condition,
            sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`,
          ),
        )
        .limit(1);
      if (!row) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(this.hashed && id !== undefined ? { jti: id } : {}),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.id, this.key(id)), id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    // Only the device flow looks up by user code, and it is not enabled (its payload would lack `jti`).
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, this.key(id))));
    }

    async destroy(id: string): Promise<void> {
      const deleted = await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, this.key(id))))
        .returning({ model: oidcPayloads.model, payload: oidcPayloads.payload });
      if (this.model === 'Grant') await onGrantRevoked(id, accountOfGrant(deleted));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Every token of the grant and the grant itself: the API checks the grant on each call.
      const deleted = await db
        .delete(oidcPayloads)
        .where(
          or(
            eq(oidcPayloads.grantId, grantId),
            and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId)),
          ),
        )
        .returning({ model: oidcPayloads.model, payload: oidcPayloads.payload });
      // The API remembers accepted tokens for a few seconds (docs/decisions/035): this instance forgets the
      // grant's at once; a staff user's acting session ends with the sign-out (docs/decisions/043).
      await onGrantRevoked(grantId, accountOfGrant(deleted));
    }
  };
}

/** Removes expired rows (sessions, codes, tokens); called from time to time by the server. */
export async function purgeExpired(db: Database): Promise<void> {
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.expiresAt} < now() - interval '1 hour'`);
}
