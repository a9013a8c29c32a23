import { z } from 'zod';
import { ActingSessionSchema } from './acting-session';

/** The caller as the API sees them (`GET /api/v1/session`): enough for navigation and the greeting. */
export const SessionInfoSchema = z
  .object({
    kind: z.enum(['member', 'staff', 'broker', 'guest', 'asserted']),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    /** The role-config actions the caller's roles grant (SPEC §6): what the web offers; the server checks each command. */
    actions: z.array(z.string()),
    /** The name to greet with (SPEC §2), when known. */
    displayName: z.string().nullable(),
    username: z.string().nullable(),
    householdId: z.string().nullable(),
    memberId: z.string().nullable(),
    brokerId: z.string().nullable(),
    /** Policies a guest located or an assertion named. */
    policyIds: z.array(z.string()),
    /** From an assertion (SPEC §3 "Sign-in assertion"). */
    onlyPcp: z.boolean().nullable(),
    languagePreference: z.string().nullable(),
    /**
     * A member's household's preferred language (their demographics, issue 11): the portal uses it after
     * sign-in when the browser has no language stored (SPEC §4: the stored value comes first).
     */
    preferredLanguage: z.enum(['en', 'es', 'pt']).nullable().optional(),
    bindingSubscriberId: z.string().nullable(),
    /**
     * Staff who act for members: the acting session under way, or null (decision 043); absent for
     * everyone else.
     */
    actingSession: ActingSessionSchema.nullable().optional(),
    /** Today's date where the issuer is (payments are dated with it; a demo may move it). */
    today: z.iso.date(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/**
 * GET /auth/session (docs/decisions/050): who the browser's session cookie stands for, for the web app's
 * start. Never a token: `key` names the session for the web app's caches and is not the cookie.
 */
export const WebSessionSchema = z.union([
  z.object({ signedIn: z.literal(false) }),
  z.object({
    signedIn: z.literal(true),
    kind: z.literal('oidc'),
    realm: z.enum(['consumer', 'workforce']),
    /** The ID token's name claims, for the greeting. */
    profile: z.record(z.string(), z.string()),
    key: z.string(),
    /** The server forgets the session after this long without a call. */
    idleSeconds: z.number().int().positive(),
  }),
  z.object({
    signedIn: z.literal(true),
    kind: z.literal('portal'),
    type: z.enum(['guest', 'asserted']),
    key: z.string(),
    idleSeconds: z.number().int().positive(),
  }),
]);
export type WebSessionView = z.infer<typeof WebSessionSchema>;

/** POST /auth/sign-out: the identity provider's page that asks to confirm, or null when the session ended at once. */
export const SignOutAnswerSchema = z.object({ next: z.url().nullable() });
