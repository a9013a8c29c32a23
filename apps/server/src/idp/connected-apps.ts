import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { oidcPayloads } from '../db/schema';

/**
 * The SMART apps a member connected (issue 37, docs/decisions/054): the consumer provider's grants of the
 * registered apps for the member's account, read from and removed in the provider's own storage.
 */

export interface AppGrant {
  grantId: string;
  clientId: string;
  scopes: string[];
  connectedAt: Date;
  expiresAt: Date | null;
}

interface GrantPayload {
  accountId?: unknown;
  clientId?: unknown;
  iat?: unknown;
  openid?: { scope?: unknown };
  resources?: Record<string, unknown>;
}

const words = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(' ').filter(Boolean) : [];

/** The live grants of these apps for this account, newest first. */
export async function appGrantsOf(
  db: Executor,
  accountId: string,
  clientIds: readonly string[],
): Promise<AppGrant[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, 'Grant'),
        sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`,
        inArray(sql<string>`${oidcPayloads.payload}->>'clientId'`, [...clientIds]),
        sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`,
      ),
    );
  return rows
    .map((row) => {
      const payload = row.payload as GrantPayload;
      const resourceScopes = Object.values(payload.resources ?? {}).flatMap(words);
      return {
        grantId: row.id,
        clientId: typeof payload.clientId === 'string' ? payload.clientId : '',
        scopes: [...words(payload.openid?.scope), ...resourceScopes],
        connectedAt: new Date(typeof payload.iat === 'number' ? payload.iat * 1000 : 0),
        expiresAt: row.expiresAt,
      };
    })
    .sort((a, b) => b.connectedAt.getTime() - a.connectedAt.getTime());
}

/**
 * Disconnects an app: its grants for the account and every token issued under them (access, refresh,
 * codes) are deleted, so the FHIR server refuses the app's tokens at once (it checks the grant on every
 * call). Returns the grants removed.
 */
export async function removeAppGrants(tx: Executor, accountId: string, clientId: string): Promise<string[]> {
  const grants = (await appGrantsOf(tx, accountId, [clientId])).map((grant) => grant.grantId);
  if (grants.length === 0) return [];
  await tx
    .delete(oidcPayloads)
    .where(
      or(
        inArray(oidcPayloads.grantId, grants),
        and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, grants)),
      ),
    );
  return grants;
}
