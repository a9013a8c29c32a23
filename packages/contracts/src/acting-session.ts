import { z } from 'zod';
import { UuidSchema } from './common';

/**
 * Acting for a member (issue 33 item 14; docs/decisions/043): issuer staff who may act for members
 * (role-config permission `member-search`) read or change one member's records only inside an acting
 * session they started for that member, naming why. One at a time per staff user; it ends when they end
 * it, when they sign out, or after the tenant's idle time (`session.actingIdleSeconds`).
 */

/** Why staff act for the member: a short list a report can count, with free text beside it. */
export const ACTING_REASONS = [
  'member-called',
  'member-wrote',
  'correcting-record',
  'service-request',
  'other',
] as const;
export const ActingReasonSchema = z.enum(ACTING_REASONS);
export type ActingReason = z.infer<typeof ActingReasonSchema>;

/** The free text beside the reason: a line, not a case note (notes about health stay out of it). */
export const ACTING_NOTE_MAX_LENGTH = 200;

/**
 * `POST /api/v1/staff/acting-session`: start acting for a member — their household, or for policies
 * that belong to no household, one of their policies — found by `POST /api/v1/staff/member-search`, or
 * the member a service request of the staff queue is from (`serviceRequestId`). `memberId` is the member
 * chosen among the results (recorded; the household's subscriber otherwise).
 * The reason is required, and so is the note when the reason is `other`. The form and the route share
 * this schema.
 */
export const ActingSessionStartRequestSchema = z
  .object({
    householdId: UuidSchema.optional(),
    policyId: UuidSchema.optional(),
    /** The member a request of the staff queue is from (issue 13's queue, decision 030). */
    serviceRequestId: UuidSchema.optional(),
    memberId: UuidSchema.optional(),
    reason: ActingReasonSchema,
    note: z.string().trim().max(ACTING_NOTE_MAX_LENGTH).optional(),
  })
  .superRefine((value, context) => {
    if (
      value.householdId === undefined &&
      value.policyId === undefined &&
      value.serviceRequestId === undefined
    ) {
      context.addIssue({
        code: 'custom',
        path: ['householdId'],
        message: 'a household, a policy or a service request is required',
        params: { code: 'required' },
      });
    }
    if (value.reason === 'other' && (value.note ?? '').trim() === '') {
      context.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'say why when the reason is "other"',
        params: { code: 'required' },
      });
    }
  })
  .meta({ id: 'ActingSessionStartRequest' });
export type ActingSessionStartRequest = z.infer<typeof ActingSessionStartRequestSchema>;

/** An acting session as its staff user sees it (the banner's facts). */
export const ActingSessionSchema = z
  .object({
    id: UuidSchema,
    /** The household acted for; null for a member whose policies belong to no household. */
    householdId: UuidSchema.nullable(),
    /** For a member without a household: the policy they were opened by (their other loose policies come with it). */
    policyId: UuidSchema.nullable(),
    memberId: UuidSchema.nullable(),
    /** The member's name as the banner shows it. */
    memberName: z.string().nullable(),
    /** How the member is named besides (their Exchange Subscriber ID, else a policy number). */
    label: z.string().nullable(),
    reason: ActingReasonSchema,
    note: z.string().nullable(),
    startedAt: z.iso.datetime({ offset: true }),
    /** When it ends unless it is used again before (the idle time after its last use). */
    idleExpiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ActingSession' });
export type ActingSession = z.infer<typeof ActingSessionSchema>;

/** `POST /api/v1/staff/acting-session/end`: the session that ended, or null when none was active. */
export const ActingSessionEndResponseSchema = z
  .object({ ended: ActingSessionSchema.nullable() })
  .meta({ id: 'ActingSessionEndResponse' });
export type ActingSessionEndResponse = z.infer<typeof ActingSessionEndResponseSchema>;
