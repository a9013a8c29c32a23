import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Brokers / agents of record (DOMAIN "Broker"), identified by their National Producer Number. */
export const brokers = pgTable(
  'brokers',
  {
    id: uuid().primaryKey().defaultRandom(),
    npn: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    agencyName: text(),
    email: text(),
    phone: text(),
    licensedStates: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brokers_npn_key').on(t.npn),
    check('brokers_npn_format', sql`${t.npn} ~ '^[0-9]{1,10}$'`),
    index('brokers_last_first_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
  ],
);

/** Employer groups of the group market (DOMAIN "Group market"). */
export const employerGroups = pgTable(
  'employer_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupNumber: text().notNull(),
    name: text().notNull(),
    contactName: text(),
    contactEmail: text(),
    contactPhone: text(),
    employerContributionPercent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('employer_groups_group_number_key').on(t.groupNumber)],
);
