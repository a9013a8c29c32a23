import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { BenefitLine, LegacyBenefitLine } from '@portal/domain';

/**
 * SPEC §3 Plan. `id` is the HIOS plan id with its variant (`77421MA0010003-04`): issuer (5 digits),
 * state (2 letters), product (3 digits), plan (4 digits), variant. Amounts are integer cents.
 */
export const plans = pgTable(
  'plans',
  {
    id: text().primaryKey(),
    lineOfCoverage: text({ enum: ['Medical', 'Dental', 'Vision'] }).notNull(),
    planName: text().notNull(),
    metalLevel: text({ enum: ['Catastrophic', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Low', 'High'] }),
    planType: text({ enum: ['HMO', 'PPO', 'EPO', 'POS'] }).notNull(),
    planYear: integer().notNull(),
    effectiveDate: date().notNull(),
    effectiveEndDate: date().notNull(),
    /** Reference monthly premium for a 21-year-old non-smoker; real premiums are on the coverage spans. */
    monthlyPremiumCents: integer().notNull(),
    deductibleCents: integer().notNull(),
    outOfPocketMaxCents: integer().notNull(),
    drugsCovered: text().notNull(),
    sbcUrl: text(),
    logoUrl: text(),
    summary: text(),
    /**
     * The plan's design (packages/domain benefits.ts): what the member pays in and out of network, as cents
     * and percentages. Rows written by the first seed hold `{ key, value }` display text; `benefitLines` reads both.
     */
    details: jsonb().$type<(BenefitLine | LegacyBenefitLine)[]>(),
  },
  (t) => [
    check('plans_id_format', sql`${t.id} ~ '^[0-9]{5}[A-Z]{2}[0-9]{7}(-[0-9]{2})?$'`),
    check('plans_line_check', sql`${t.lineOfCoverage} in ('Medical', 'Dental', 'Vision')`),
    check('plans_type_check', sql`${t.planType} in ('HMO', 'PPO', 'EPO', 'POS')`),
    check(
      'plans_amounts_non_negative',
      sql`${t.monthlyPremiumCents} >= 0 and ${t.deductibleCents} >= 0 and ${t.outOfPocketMaxCents} >= 0`,
    ),
    check('plans_dates_ordered', sql`${t.effectiveEndDate} >= ${t.effectiveDate}`),
  ],
);
