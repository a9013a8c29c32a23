import { z } from 'zod';
import { isCalendarDate } from '@portal/domain';

/** A calendar date, `YYYY-MM-DD` (never a time-zone-shifted instant). */
export const CalendarDateSchema = z.iso.date();
/** Money in integer cents (formatted only at the edge, per language). */
export const CentsSchema = z.number().int();

/** Today's date in UTC: no US date is ever ahead of it, so "not in the future" never refuses a real today. */
const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * A date a person types (`YYYY-MM-DD`): a real calendar date (not 2023-02-30), said as such by the
 * field error `not-a-date` rather than a generic format error.
 */
export const TypedDateSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, { message: 'a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, {
    message: 'not a real calendar date',
    params: { code: 'not-a-date' },
    abort: true,
  })
  .meta({ format: 'date' });

/** A date of birth: a real date, not in the future (checked before any look-up). */
export const BirthDateSchema = TypedDateSchema.refine((date) => date <= todayUtc(), {
  message: 'cannot be in the future',
  params: { code: 'date-in-future' },
});
export const UuidSchema = z.uuid();

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page of a list that grows (newest first). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  });

export const AddressSchema = z
  .object({
    street1: z.string(),
    street2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    countyName: z.string().nullable(),
    fipsCode: z.string().nullable(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof AddressSchema>;
