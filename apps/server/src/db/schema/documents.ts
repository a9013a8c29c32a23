import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { households } from './households';
import { policies } from './policies';

/**
 * Invoices, notices and tax forms (DOMAIN "Documents"), one table with a `type`. The printable document
 * is rendered from these facts on request; `facts` holds what the renderer needs beyond the columns.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    householdId: uuid().references(() => households.id, { onDelete: 'cascade' }),
    policyId: uuid().references(() => policies.id, { onDelete: 'cascade' }),
    type: text({ enum: ['invoice', 'notice', 'tax'] }).notNull(),
    /** invoice: `monthly`; notice: `welcome`, `grace-period`, `termination`, …; tax: `1095-A`, `1095-B`. */
    subtype: text().notNull(),
    documentDate: date().notNull(),
    periodStart: date(),
    periodEnd: date(),
    dueDate: date(),
    amountDueCents: integer(),
    taxYear: integer(),
    /** Whether the member sees it in the portal (SPEC §3 Household notices `portal`). */
    portal: text({ enum: ['visible', 'hidden'] })
      .notNull()
      .default('visible'),
    facts: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_household_type_date_idx').on(t.householdId, t.type, t.documentDate.desc()),
    index('documents_policy_type_date_idx').on(t.policyId, t.type, t.documentDate.desc()),
    check('documents_type_check', sql`${t.type} in ('invoice', 'notice', 'tax')`),
    check('documents_owner', sql`${t.householdId} is not null or ${t.policyId} is not null`),
    check('documents_tax_year', sql`${t.type} <> 'tax' or ${t.taxYear} is not null`),
    // One invoice per policy and billed month: the billing clock issues it at most once.
    uniqueIndex('documents_invoice_once')
      .on(t.policyId, t.periodStart)
      .where(sql`${t.type} = 'invoice'`),
  ],
);
