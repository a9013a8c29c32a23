import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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

/**
 * The web app's sessions (issue 35; docs/decisions/050): the browser holds only a cookie naming one;
 * the row keeps the tokens the server signs in with (encrypted), who it is for, and when it was last used.
 * The key is the SHA-256 of the cookie's value, so the table alone names no session a browser could use.
 */
export const webSessions = pgTable(
  'web_sessions',
  {
    idHash: text().primaryKey(),
    /** `oidc`: a member, staff user or broker signed in at an identity provider; `portal`: a guest or an asserted session. */
    kind: text({ enum: ['oidc', 'portal'] }).notNull(),
    /** The realm (oidc) or the portal session type (guest, asserted). */
    flavour: text({ enum: ['consumer', 'workforce', 'guest', 'asserted'] }).notNull(),
    subject: text().notNull(),
    /** AES-256-GCM sealed JSON: access, refresh and ID tokens (never readable from the table alone). */
    tokens: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }),
    /** An instance renewing the tokens until then (the refresh token is used once; others wait or use the current token). */
    renewingUntil: timestamp({ withTimezone: true }),
    /** The ID token's name claims for the greeting (no tokens). */
    profile: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Idle limit in seconds, from the tenant's session configuration when it started. */
    idleSeconds: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('web_sessions_expires_idx').on(t.expiresAt), index('web_sessions_subject_idx').on(t.subject)],
);
