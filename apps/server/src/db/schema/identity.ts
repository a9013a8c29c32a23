import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Storage of the built-in OpenID providers (oidc-provider adapter): sessions, grants, codes, refresh
 * tokens, interactions. One row per artefact, keyed by model name and id, expiring on its own.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text().notNull(),
    id: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Sessions the portal issues itself: guests who located an account and users arriving with an
 * asserted (SAML) session. The signed token names the row; signing out or idling revokes it.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['guest', 'asserted'] }).notNull(),
    subject: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('portal_sessions_expires_idx').on(t.expiresAt)],
);

/** SAML assertion ids already used: an assertion is accepted once (replay protection). */
export const usedAssertions = pgTable(
  'used_assertions',
  {
    assertionId: text().primaryKey(),
    issuer: text().notNull(),
    usedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_assertions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed attempts (sign-ins, guest look-ups), one row each, so limits such as "10 failures per
 * identifier per hour" hold exactly, across instances and restarts. Keys are hashed identifiers.
 */
export const failureEvents = pgTable(
  'failure_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failure_events_key_time_idx').on(t.key, t.occurredAt)],
);
