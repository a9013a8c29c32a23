import { z } from 'zod';
import { CalendarDateSchema, CentsSchema, pageOf, PageQuerySchema, UuidSchema } from './common';

/** DOMAIN "Documents": invoices, notices and tax forms (SPEC §2 /documents/invoice|notice|tax). */
export const DocumentTypeSchema = z.enum(['invoice', 'notice', 'tax']);
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

/** One document's metadata; the group matching its `type` is filled, the others are null. */
export const DocumentSummarySchema = z
  .object({
    id: UuidSchema,
    type: DocumentTypeSchema,
    /** invoice: `monthly`, `binder`; notice: `welcome`, `grace-period`, …; tax: the form type. */
    subtype: z.string(),
    documentDate: CalendarDateSchema,
    householdId: UuidSchema.nullable(),
    policyId: UuidSchema.nullable(),
    invoice: z
      .object({
        periodStart: CalendarDateSchema.nullable(),
        periodEnd: CalendarDateSchema.nullable(),
        amountDueCents: CentsSchema.nullable(),
        dueDate: CalendarDateSchema.nullable(),
      })
      .nullable(),
    tax: z
      .object({
        taxYear: z.number().int(),
        /** `1095-A` (a copy of the exchange's), `1095-B` (the issuer's), or a state form. */
        formType: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'DocumentSummary' });
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** `GET /api/v1/Document/{documentId}`: the metadata and the facts the printable document is rendered from. */
export const DocumentDetailSchema = DocumentSummarySchema.extend({
  facts: z.record(z.string(), z.unknown()),
}).meta({ id: 'DocumentDetail' });
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;

/** `GET /api/v1/Household/{householdId}/documents`: newest first, with the years there are documents of that type for. */
export const DocumentPageSchema = pageOf(DocumentSummarySchema)
  .extend({ years: z.array(z.number().int()) })
  .meta({ id: 'DocumentPage' });
export type DocumentPage = z.infer<typeof DocumentPageSchema>;

export const DocumentListQuerySchema = PageQuerySchema.extend({
  type: DocumentTypeSchema.optional(),
  /** Only documents dated in this year (SPEC §2 documents pages: filter by year). */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  policyId: UuidSchema.optional(),
});

/** `GET /api/v1/Document/{documentId}/pdf`: the printable document, in a language (default: the household's). */
export const DocumentPdfQuerySchema = z.object({
  lang: z.enum(['en', 'es', 'pt']).optional(),
  /** `attachment` instead of `inline`: the browser saves the file. */
  download: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export const HouseholdParamsSchema = z.object({ householdId: UuidSchema });
export const DocumentParamsSchema = z.object({ documentId: UuidSchema });
