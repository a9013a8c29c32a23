import { and, eq, sql } from 'drizzle-orm';
import { preparedStatements } from '../db/prepared';
import type { JWTPayload } from 'jose';
import { rolePermissions, type RoleConfig } from '@portal/domain';
import type { Database } from '../db/client';
import { accounts, members, oidcPayloads } from '../db/schema';
import type { Principal } from './principal';
import type { PortalSessions } from './portal-sessions';
import type { TrustedIssuer } from './token-verifier';

export interface ResolveContext {
  db: Database;
  roleConfig: RoleConfig;
  portalSessions: PortalSessions;
  /** Idle lifetime of portal sessions (guests, assertions). */
  idleSeconds: number;
}

export type Unresolved = 'session-ended' | 'unknown-account' | 'account-disabled';

const stringArray = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stringOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * The account behind a token and whether its grant still stands, in one prepared statement (by account id
 * for the built-in providers, by realm and subject for external issuers).
 */
const accountStatements = preparedStatements((db) => {
  const grantId = sql.placeholder('grantId');
  const query = () =>
    db
      .select({
        id: accounts.id,
        realm: accounts.realm,
        roles: accounts.roles,
        memberId: accounts.memberId,
        brokerId: accounts.brokerId,
        disabled: accounts.disabled,
        householdId: members.householdId,
        // SPEC §6 + sign-out: a token whose grant was revoked (sign-out) no longer counts; no grant named, nothing to check.
        grantAlive: sql<boolean>`(${grantId}::text is null or exists (select 1 from ${oidcPayloads} where ${oidcPayloads.model} = 'Grant' and ${oidcPayloads.id} = ${grantId}::text and (${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())))`,
      })
      .from(accounts)
      .leftJoin(members, eq(members.id, accounts.memberId));
  return {
    byId: query()
      .where(eq(accounts.id, sql.placeholder('subject')))
      .prepare('principal_account_by_id'),
    byExternalSubject: query()
      .where(
        and(
          eq(accounts.realm, sql.placeholder('realm')),
          eq(accounts.externalSubject, sql.placeholder('subject')),
        ),
      )
      .prepare('principal_account_by_subject'),
  };
});

/** Turns a verified token into the caller it stands for, or says why it no longer stands for anyone. */
export async function resolvePrincipal(
  context: ResolveContext,
  trusted: TrustedIssuer,
  payload: JWTPayload,
): Promise<Principal | Unresolved> {
  const subject = payload.sub ?? '';
  if (trusted.kind === 'portal') return resolvePortalSession(context, trusted, payload);

  const byId = trusted.kind === 'builtin-oidc';
  const grantId = stringOrNull(payload.gid);
  const statements = accountStatements(context.db);
  const [row] =
    byId && /^[0-9a-f-]{36}$/i.test(subject)
      ? await statements.byId.execute({ subject, grantId })
      : await statements.byExternalSubject.execute({ realm: trusted.realm ?? 'consumer', subject, grantId });

  if (byId && (!row || !grantId || !row.grantAlive)) return row ? 'session-ended' : 'unknown-account';
  if (row?.disabled) return 'account-disabled';
  if (row && row.realm !== trusted.realm) return 'unknown-account';

  // SPEC §6: roles come from the user's record, else from the token's claims.
  const roles = row && row.roles.length > 0 ? row.roles : stringArray(payload.roles);
  const base = { subject: row?.id ?? subject, roles, issuer: trusted.issuer };
  if (trusted.realm === 'consumer') {
    return {
      ...base,
      kind: 'member',
      accountId: row?.id ?? subject,
      memberId: row?.memberId ?? null,
      householdId: row?.householdId ?? null,
    };
  }
  const permissions = rolePermissions(roles, context.roleConfig);
  if (row?.brokerId && roles.some((r) => r.toLowerCase() === 'broker')) {
    return { ...base, kind: 'broker', accountId: row.id, brokerId: row.brokerId, permissions };
  }
  return { ...base, kind: 'staff', accountId: row?.id ?? subject, permissions, acting: null };
}

async function resolvePortalSession(
  context: ResolveContext,
  trusted: TrustedIssuer,
  payload: JWTPayload,
): Promise<Principal | Unresolved> {
  const sessionId = stringOrNull(payload.sid);
  // Portal session ids are UUIDs; anything else names no session (and must not reach the uuid column).
  if (!sessionId || !UUID.test(sessionId)) return 'session-ended';
  const session = await context.portalSessions.touch(sessionId, context.idleSeconds);
  if (!session) return 'session-ended';
  const data = session.data;
  const roles = stringArray(data.roles);
  if (session.kind === 'guest') {
    const policyIds = stringArray(data.policyIds);
    if (policyIds.length === 0) return 'session-ended';
    return {
      kind: 'guest',
      subject: session.subject,
      roles: roles.length > 0 ? roles : [context.roleConfig.guestRole],
      issuer: trusted.issuer,
      sessionId,
      policyIds,
      householdId: stringOrNull(data.householdId),
    };
  }
  return {
    kind: 'asserted',
    subject: session.subject,
    roles,
    issuer: trusted.issuer,
    sessionId,
    policyIds: stringArray(data.policyIds),
    brokerId: stringOrNull(data.brokerId),
    onlyPcp: typeof data.onlyPcp === 'boolean' ? data.onlyPcp : null,
    languagePreference: stringOrNull(data.languagePreference),
    bindingSubscriberId: stringOrNull(data.bindingSubscriberId),
  };
}
