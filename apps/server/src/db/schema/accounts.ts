import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brokers } from './parties';
import { members } from './policies';

/**
 * Portal sign-in identities. `realm` says which identity provider they use: `consumer` for members,
 * `workforce` for brokers, customer service and administrators. The built-in providers check
 * `passwordHash` (scrypt); with external providers the row is matched by `externalSubject`.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    realm: text({ enum: ['consumer', 'workforce'] }).notNull(),
    username: text().notNull(),
    email: text(),
    givenName: text(),
    familyName: text(),
    passwordHash: text(),
    externalSubject: text(),
    roles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The member this account belongs to (consumer realm). */
    memberId: uuid().references(() => members.id),
    /** The broker this account belongs to (workforce realm, role broker). */
    brokerId: uuid().references(() => brokers.id),
    language: text({ enum: ['en', 'es', 'pt'] }),
    disabled: boolean().notNull().default(false),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_realm_username_key').on(t.realm, sql`lower(${t.username})`),
    uniqueIndex('accounts_external_subject_key').on(t.realm, t.externalSubject),
    index('accounts_member_idx').on(t.memberId),
    check('accounts_realm_check', sql`${t.realm} in ('consumer', 'workforce')`),
  ],
);
