import { z } from 'zod';

/** A calendar date, `YYYY-MM-DD` (never a time-zone-shifted instant). */
export const CalendarDateSchema = z.iso.date();
/** Money in integer cents (formatted only at the edge, per language). */
export const CentsSchema = z.number().int();
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
