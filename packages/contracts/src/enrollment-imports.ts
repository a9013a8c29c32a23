import { z } from 'zod';
import { pageOf, PageQuerySchema } from './common';

/**
 * Issue 34, decision 056: the admin page of X12 834 imports — every interchange received (by the command
 * line, the API or the drop folder), what became of each transaction set, who it named and why a rejected
 * one could not apply, and the acknowledgment sent back. Role action `view-enrollment-imports`.
 */

export const EnrollmentImportListQuerySchema = PageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type EnrollmentImportListQuery = z.infer<typeof EnrollmentImportListQuerySchema>;

export const EnrollmentImportParamsSchema = z.object({ importId: z.uuid() });

export const EnrollmentImportSourceSchema = z.enum(['cli', 'api', 'inbox']);
/** `duplicate`: the interchange came again after it was processed; nothing changed. */
export const EnrollmentImportStatusSchema = z.enum(['processed', 'refused', 'duplicate']);

export const EnrollmentImportRowSchema = z
  .object({
    id: z.uuid(),
    fileName: z.string(),
    source: EnrollmentImportSourceSchema,
    status: EnrollmentImportStatusSchema,
    /** ISA06 and ISA13 as written; null when the file had no readable ISA. */
    sender: z.string().nullable(),
    controlNumber: z.string().nullable(),
    receivedAt: z.iso.datetime({ offset: true }),
    transactions: z.number().int(),
    applied: z.number().int(),
    rejected: z.number().int(),
    held: z.number().int(),
    duplicate: z.boolean(),
    /** A file refused whole: the segment (1-based, ISA is 1) and why; nothing of it applied. */
    refused: z.object({ segment: z.number().int().nullable(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'EnrollmentImportRow' });
export type EnrollmentImportRow = z.infer<typeof EnrollmentImportRowSchema>;

export const EnrollmentImportPageSchema = pageOf(EnrollmentImportRowSchema).meta({
  id: 'EnrollmentImportPage',
});
export type EnrollmentImportPage = z.infer<typeof EnrollmentImportPageSchema>;

/** One member loop of a transaction set, as the file named it. */
export const EnrollmentSetMemberSchema = z.object({
  subscriber: z.boolean(),
  /** INS02: 18 self, 01 spouse, 19 child, … */
  relationship: z.string().nullable(),
  maintenance: z.string().nullable(),
  subscriberId: z.string().nullable(),
  memberId: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type EnrollmentSetMember = z.infer<typeof EnrollmentSetMemberSchema>;

export const EnrollmentTransactionSetSchema = z.object({
  /** ST02. */
  controlNumber: z.string(),
  /** `released`: held by an earlier file, applied when its addition came in a later one. */
  status: z.enum(['applied', 'rejected', 'held', 'released']),
  /** INS03 of the subscriber's loop: 021, 001, 024, 025, 030. */
  maintenance: z.string().nullable(),
  subscriberId: z.string().nullable(),
  effectiveDate: z.iso.date().nullable(),
  /** A rejected set: the segment's position in the file (ISA is 1) and the reason. */
  segment: z.number().int().nullable(),
  reason: z.string().nullable(),
  policyId: z.uuid().nullable(),
  members: z.array(EnrollmentSetMemberSchema),
});
export type EnrollmentTransactionSet = z.infer<typeof EnrollmentTransactionSetSchema>;

export const EnrollmentImportDetailSchema = EnrollmentImportRowSchema.extend({
  members: z.object({ created: z.number().int(), updated: z.number().int(), terminated: z.number().int() }),
  /** What the sender got back: a 999 (AK9 A accepted, P partially, R rejected) or, for an envelope error, a TA1. */
  acknowledgment: z.object({
    kind: z.enum(['999', 'TA1']).nullable(),
    outcome: z.enum(['accepted', 'partially-accepted', 'rejected']).nullable(),
    text: z.string().nullable(),
  }),
  transactionSets: z.array(EnrollmentTransactionSetSchema),
}).meta({ id: 'EnrollmentImportDetail' });
export type EnrollmentImportDetail = z.infer<typeof EnrollmentImportDetailSchema>;
