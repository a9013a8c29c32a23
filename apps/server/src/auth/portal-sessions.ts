import { and, eq, isNull, sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { portalSessions } from '../db/schema';
import type { PrivateJwk } from './keys';

export type PortalSessionKind = 'guest' | 'asserted';

export interface PortalSessionRow {
  id: string;
  kind: PortalSessionKind;
  subject: string;
  data: Record<string, unknown>;
}

/**
 * The portal's own sessions (guests and asserted users): a row in the database plus a short signed
 * token naming it. The row makes idle time-out and sign-out real: a revoked or idle row refuses the
 * token even before it expires.
 */
export class PortalSessions {
  constructor(
    private readonly db: Database,
    private readonly key: PrivateJwk,
    private readonly issuer: string,
    private readonly audience: string,
    /** Told when a session is revoked, so that the API stops accepting its tokens at once. */
    private readonly onRevoked: (sessionId: string) => void = () => undefined,
  ) {}

  async create(input: {
    kind: PortalSessionKind;
    subject: string;
    data: Record<string, unknown>;
    lifetimeSeconds: number;
  }): Promise<{ sessionId: string; token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + input.lifetimeSeconds * 1000);
    const [row] = await this.db
      .insert(portalSessions)
      .values({ kind: input.kind, subject: input.subject, data: input.data, expiresAt })
      .returning({ id: portalSessions.id });
    if (!row) throw new Error('session not created');
    const signingKey = await importJWK(this.key, this.key.alg);
    const token = await new SignJWT({ sid: row.id, kind: input.kind })
      .setProtectedHeader({ alg: this.key.alg, kid: this.key.kid, typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setSubject(input.subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(signingKey);
    return { sessionId: row.id, token, expiresAt };
  }

  /**
   * The live session named by a verified token, or null when it was revoked, expired or left idle
   * longer than `idleSeconds`. Marks it as seen (at most once a minute, to spare writes).
   */
  async touch(sessionId: string, idleSeconds: number): Promise<PortalSessionRow | null> {
    const [row] = await this.db
      .select({
        id: portalSessions.id,
        kind: portalSessions.kind,
        subject: portalSessions.subject,
        data: portalSessions.data,
        stale: sql<boolean>`${portalSessions.lastSeenAt} < now() - interval '60 seconds'`,
      })
      .from(portalSessions)
      .where(
        and(
          eq(portalSessions.id, sessionId),
          isNull(portalSessions.revokedAt),
          sql`${portalSessions.expiresAt} > now()`,
          sql`${portalSessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds})`,
        ),
      );
    if (!row) return null;
    if (row.stale) {
      await this.db
        .update(portalSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(portalSessions.id, sessionId));
    }
    return { id: row.id, kind: row.kind, subject: row.subject, data: row.data };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(portalSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(portalSessions.id, sessionId));
    this.onRevoked(sessionId);
  }
}
