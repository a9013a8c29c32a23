import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** SPEC §3 Household: the people who applied together; a household has one or more policies. */
export const households = pgTable(
  'households',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The exchange's household/application id (on-exchange households only). */
    exchangeId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('households_exchange_id_key').on(t.exchangeId)],
);

/** SPEC §3 Address (street1, street2, city, county{state, zipCode, fipsCode, name}). */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid().references(() => households.id, { onDelete: 'cascade' }),
    street1: text().notNull(),
    street2: text(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    countyName: text(),
    fipsCode: text(),
    /** Raised by every change: a change made from an older read is refused (409, issue 11). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('addresses_state_format', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('addresses_zip_format', sql`${t.zipCode} ~ '^[0-9]{5}$'`),
    check('addresses_fips_format', sql`${t.fipsCode} is null or ${t.fipsCode} ~ '^[0-9]{5}$'`),
    index('addresses_household_idx').on(t.householdId),
  ],
);

/** Contact information of a household: where the issuer reaches the subscriber. */
export const contactInformation = pgTable(
  'contact_information',
  {
    householdId: uuid()
      .primaryKey()
      .references(() => households.id, { onDelete: 'cascade' }),
    email: text(),
    homePhone: text(),
    mobilePhone: text(),
    preferredContactMethod: text({ enum: ['email', 'phone', 'mail'] })
      .notNull()
      .default('email'),
    /** Raised by every change: a change made from an older read is refused (409, issue 11). */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** Staff find a member by e-mail or phone (issue 13); phones are compared by their digits. */
    index('contact_information_email_idx').on(sql`lower(${t.email})`),
    index('contact_information_home_phone_idx').on(sql`regexp_replace(${t.homePhone}, '[^0-9]', '', 'g')`),
    index('contact_information_mobile_phone_idx').on(
      sql`regexp_replace(${t.mobilePhone}, '[^0-9]', '', 'g')`,
    ),
  ],
);

/**
 * Paperless and language preferences of a household (DOMAIN "Paperless"): how each kind of document
 * is delivered, and the e-mail address that is told when one arrives. `paperless` (SPEC §3 Finance) is
 * true while any kind is delivered electronically; it is kept in step by the paperless module.
 */
export const preferences = pgTable(
  'preferences',
  {
    householdId: uuid()
      .primaryKey()
      .references(() => households.id, { onDelete: 'cascade' }),
    paperless: boolean().notNull().default(false),
    paperlessEmail: text(),
    /** When `paperlessEmail` was confirmed by a link sent to it (electronic delivery needs it). */
    paperlessEmailConfirmedAt: timestamp({ withTimezone: true }),
    invoiceDelivery: text({ enum: ['paper', 'electronic'] })
      .notNull()
      .default('paper'),
    noticeDelivery: text({ enum: ['paper', 'electronic'] })
      .notNull()
      .default('paper'),
    /** Electronic-only delivery of tax forms needs its own affirmative consent: this is that consent. */
    taxFormsElectronicConsent: boolean().notNull().default(false),
    language: text({ enum: ['en', 'es', 'pt'] })
      .notNull()
      .default('en'),
    /** Raised by every change: a change made from an older read is refused (409, issue 11). */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('preferences_language_check', sql`${t.language} in ('en', 'es', 'pt')`),
    check('preferences_paperless_email', sql`not ${t.paperless} or ${t.paperlessEmail} is not null`),
    check('preferences_invoice_delivery', sql`${t.invoiceDelivery} in ('paper', 'electronic')`),
    check('preferences_notice_delivery', sql`${t.noticeDelivery} in ('paper', 'electronic')`),
  ],
);
