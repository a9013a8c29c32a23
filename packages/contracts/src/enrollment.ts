import { z } from 'zod';

/**
 * Issue 34 (docs/decisions/051, docs/INTEGRATION-834.md): what an X12 834 import answers — the same
 * summary the command line prints, with the 999 implementation acknowledgment (and the TA1 for an
 * envelope error) the sender expects back.
 */
export const EnrollmentImportSummarySchema = z.object({
  /** ISA06 and ISA13 of the interchange; null when no ISA could be read. */
  interchange: z.object({ sender: z.string(), controlNumber: z.string() }).nullable(),
  status: z.enum(['processed', 'refused']),
  /** The interchange had been imported before: nothing changed, this is the first import's summary. */
  duplicate: z.boolean(),
  transactions: z.number().int(),
  applied: z.number().int(),
  rejected: z.number().int(),
  /** Changes or terminations for an enrolment not yet added: kept until its addition arrives. */
  held: z.number().int(),
  /** Held sets of earlier files applied now that their addition arrived. */
  released: z.number().int(),
  members: z.object({ created: z.number().int(), updated: z.number().int(), terminated: z.number().int() }),
  rejections: z.array(z.object({ controlNumber: z.string(), segment: z.number().int(), reason: z.string() })),
  /** 030 audit/compare sets: what differs from the portal's records. */
  audits: z.array(z.object({ controlNumber: z.string(), differences: z.array(z.string()) })),
  /** A file refused whole: the segment (1-based, ISA is 1) and why. */
  refused: z.object({ segment: z.number().int().nullable(), reason: z.string() }).optional(),
});
export type EnrollmentImportSummary = z.infer<typeof EnrollmentImportSummarySchema>;

export const EnrollmentImportResultSchema = z.object({
  summary: EnrollmentImportSummarySchema,
  /** The 999 implementation acknowledgment, in the interchange's own delimiters (null for a file refused whole). */
  ack999: z.string().nullable(),
  /** The TA1 interchange acknowledgment for an envelope error. */
  ta1: z.string().nullable(),
});
export type EnrollmentImportResult = z.infer<typeof EnrollmentImportResultSchema>;
