import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedStatements } from '../db/prepared';
import { webSessions } from '../db/schema';

/**
 * The web app's sessions (issue 35, docs/decisions/050): the browser holds a cookie naming one; the server
 * keeps the tokens it signed in with. Kept in PostgreSQL (`web_sessions`) by default, or in Redis with
 * SESSION_STORE=redis (web-sessions-redis.ts); either way keyed by the SHA-256 of the cookie's value, the
 * tokens sealed with AES-256-GCM under SESSION_SECRET.
 */

export type WebSessionKind = 'oidc' | 'portal';
export type WebSessionFlavour = 'consumer' | 'workforce' | 'guest' | 'asserted';

export interface WebSessionTokens {
  /** The bearer the API checks on the session's behalf: an OpenID access token or a portal session token. */
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
}

export interface WebSession {
  kind: WebSessionKind;
  flavour: WebSessionFlavour;
  subject: string;
  tokens: WebSessionTokens;
  accessExpiresAt: Date | null;
  profile: Record<string, string>;
  idleSeconds: number;
  expiresAt: Date;
}

export interface NewWebSession extends Omit<WebSession, 'expiresAt'> {
  lifetimeSeconds: number;
}

/** A cookie value: 256 random bits. */
export const newSessionId = (): string => randomBytes(32).toString('base64url');
/** What a store keys a session by: the cookie value itself is never stored. */
export const hashOf = (id: string): string => createHash('sha256').update(id).digest('base64url');
/** Cookie values are base64url of 32 bytes; anything else names no session. */
export const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** A renewal: the provider's answer to the session's refresh token. */
export type Renew = (
  session: WebSession,
) => Promise<{ tokens: WebSessionTokens; accessExpiresAt: Date | null }>;

/**
 * Where sessions live. Both stores keep the same rules: a session ends at its absolute expiry or after
 * `idleSeconds` unseen; a use marks it seen at most every quarter of that (to spare writes); a renewal is
 * claimed for 15 s so that a refresh token is used once across instances; a rotation leaves the old id
 * naming nothing. `web-sessions.int.test.ts` runs the same tests on each.
 */
export interface WebSessionStore {
  /** Starts a session and returns the cookie value naming it (a new id every time: no fixation). */
  create(input: NewWebSession): Promise<string>;
  /** The live session a cookie names, or null (none, expired, or idle too long: then it is deleted). */
  find(id: string): Promise<WebSession | null>;
  /** Renews the session's tokens once, whoever asks at the same time, on this instance or another. */
  renewTokens(id: string, renew: Renew): Promise<WebSession | null>;
  /** Gives the session a new id (sign-in, a change of privilege); the old cookie names nothing any more. */
  rotate(id: string): Promise<string | null>;
  /** Ends a session; returns what it held (to revoke its tokens), or null when there was none. */
  remove(id: string): Promise<WebSession | null>;
}

/**
 * The renewal steps both stores share. `once` gives callers on this instance that ask while a renewal of
 * the same session runs that renewal's answer (one provider call per instance). `awaitRenewal` is for a
 * caller that did not get the store's claim (another instance is renewing): it answers the current session
 * while its access token is valid for more than 5 s or nobody holds the claim any more, else looks again
 * every 100 ms, for up to 10 s, then gives up (null).
 */
export class RenewalGate {
  private readonly inFlight = new Map<string, Promise<WebSession | null>>();

  once(idHash: string, work: () => Promise<WebSession | null>): Promise<WebSession | null> {
    const running = this.inFlight.get(idHash);
    if (running) return running;
    const started = work().finally(() => this.inFlight.delete(idHash));
    this.inFlight.set(idHash, started);
    return started;
  }
}

/** What a store sees of a session while another instance may be renewing it. */
export interface RenewalLook {
  session: WebSession;
  /** Whether a renewal's claim is still held. */
  claimed: boolean;
}

export async function awaitRenewal(look: () => Promise<RenewalLook | null>): Promise<WebSession | null> {
  for (let waited = 0; waited <= 10_000; waited += 100) {
    const seen = await look();
    if (!seen) return null;
    const { accessExpiresAt } = seen.session;
    if (!seen.claimed || accessExpiresAt === null || accessExpiresAt.getTime() > Date.now() + 5_000)
      return seen.session;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** How often a use marks a session seen: a quarter of its idle limit, between 1 and 60 s. */
export const touchEverySeconds = (idleSeconds: number): number => Math.min(60, Math.max(1, idleSeconds / 4));

/** AES-256-GCM under keys derived (HKDF-SHA256) from the session secrets: the first seals, each one opens. */
export class Sealer {
  private readonly keys: Buffer[];

  constructor(secrets: string[]) {
    if (secrets.length === 0) throw new Error('no session secret');
    this.keys = secrets.map((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'portal-web-sessions', 'tokens', 32)),
    );
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0] as Buffer, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string): string | null {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== 'v1' || !ivText || !bodyText) return null;
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(body.subarray(body.length - 16));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - 16)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Another key may open it (a rotation under way).
      }
    }
    return null;
  }
}

type Row = typeof webSessions.$inferSelect;

/**
 * The lookup every call with a session cookie makes, prepared once (decision 035): built by Drizzle on
 * each call it cost the cookie path about a third more CPU per read than a bearer token's (bench/RESULTS.md).
 */
const statements = preparedStatements((db) => ({
  find: db
    .select({
      row: webSessions,
      alive: sql<boolean>`${webSessions.expiresAt} > now() and ${webSessions.lastSeenAt} > now() - make_interval(secs => ${webSessions.idleSeconds})`,
      stale: sql<boolean>`${webSessions.lastSeenAt} < now() - make_interval(secs => least(60, greatest(1, ${webSessions.idleSeconds} / 4)))`,
    })
    .from(webSessions)
    .where(eq(webSessions.idHash, sql.placeholder('idHash')))
    .prepare('web_session_find'),
}));

export class PostgresWebSessions implements WebSessionStore {
  constructor(
    private readonly db: Database,
    private readonly sealer: Sealer,
  ) {}

  private toSession(row: Row): WebSession | null {
    const opened = this.sealer.open(row.tokens);
    if (opened === null) return null;
    return {
      kind: row.kind,
      flavour: row.flavour,
      subject: row.subject,
      tokens: JSON.parse(opened) as WebSessionTokens,
      accessExpiresAt: row.accessExpiresAt,
      profile: row.profile,
      idleSeconds: row.idleSeconds,
      expiresAt: row.expiresAt,
    };
  }

  private lastSweep = 0;

  /** Starts a session and returns the cookie value naming it (a new id every time: no fixation). */
  async create(input: NewWebSession): Promise<string> {
    // Sessions nobody named again are deleted now and then (at most every 10 minutes per instance).
    if (Date.now() - this.lastSweep > 10 * 60_000) {
      this.lastSweep = Date.now();
      await this.sweep();
    }
    const id = newSessionId();
    await this.db.insert(webSessions).values({
      idHash: hashOf(id),
      kind: input.kind,
      flavour: input.flavour,
      subject: input.subject,
      tokens: this.sealer.seal(JSON.stringify(input.tokens)),
      accessExpiresAt: input.accessExpiresAt,
      profile: input.profile,
      idleSeconds: input.idleSeconds,
      expiresAt: new Date(Date.now() + input.lifetimeSeconds * 1000),
    });
    return id;
  }

  /**
   * The live session a cookie names, or null when there is none, it expired, or it was left idle for
   * longer than its idle limit (then it is deleted). A use marks it seen (at most every quarter of the
   * idle limit, to spare writes).
   */
  async find(id: string): Promise<WebSession | null> {
    if (!WELL_FORMED.test(id)) return null;
    const idHash = hashOf(id);
    const [row] = await statements(this.db).find.execute({ idHash });
    if (!row) return null;
    if (!row.alive) {
      await this.db.delete(webSessions).where(eq(webSessions.idHash, idHash));
      return null;
    }
    if (row.stale)
      await this.db
        .update(webSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(webSessions.idHash, idHash));
    return this.toSession(row.row);
  }

  /**
   * Renews the session's tokens once, whoever asks at the same time, on this instance or another (a refresh
   * token is used once: rotation). The renewal is claimed on the row for a few seconds, not under a lock
   * held while the provider answers; a caller that did not get the claim uses the current access token while
   * it is still valid, else waits for the renewed one.
   */
  async renewTokens(id: string, renew: Renew): Promise<WebSession | null> {
    const idHash = hashOf(id);
    return this.renewals.once(idHash, async () => {
      const [claimed] = await this.db
        .update(webSessions)
        .set({ renewingUntil: sql`now() + interval '15 seconds'` })
        .where(
          and(
            eq(webSessions.idHash, idHash),
            sql`(${webSessions.renewingUntil} is null or ${webSessions.renewingUntil} < now())`,
          ),
        )
        .returning();
      if (!claimed) return this.waitForRenewal(idHash);
      const session = this.toSession(claimed);
      if (!session) return null;
      try {
        const renewed = await renew(session);
        await this.db
          .update(webSessions)
          .set({
            tokens: this.sealer.seal(JSON.stringify(renewed.tokens)),
            accessExpiresAt: renewed.accessExpiresAt,
            renewingUntil: null,
          })
          .where(eq(webSessions.idHash, idHash));
        return { ...session, ...renewed };
      } catch (error) {
        await this.db.update(webSessions).set({ renewingUntil: null }).where(eq(webSessions.idHash, idHash));
        throw error;
      }
    });
  }

  private readonly renewals = new RenewalGate();

  /** Another instance is renewing: its current token while valid, else the renewed one (up to 10 s). */
  private waitForRenewal(idHash: string): Promise<WebSession | null> {
    return awaitRenewal(async () => {
      const [row] = await this.db.select().from(webSessions).where(eq(webSessions.idHash, idHash));
      const session = row ? this.toSession(row) : null;
      return row && session ? { session, claimed: row.renewingUntil !== null } : null;
    });
  }

  /** Gives the session a new id (sign-in, a change of privilege); the old cookie names nothing any more. */
  async rotate(id: string): Promise<string | null> {
    if (!WELL_FORMED.test(id)) return null;
    const next = newSessionId();
    const updated = await this.db
      .update(webSessions)
      .set({ idHash: hashOf(next), lastSeenAt: sql`now()` })
      .where(and(eq(webSessions.idHash, hashOf(id)), sql`${webSessions.expiresAt} > now()`))
      .returning({ idHash: webSessions.idHash });
    return updated.length > 0 ? next : null;
  }

  /** Ends a session; returns what it held (to revoke its tokens), or null when there was none. */
  async remove(id: string): Promise<WebSession | null> {
    if (!WELL_FORMED.test(id)) return null;
    const [row] = await this.db
      .delete(webSessions)
      .where(eq(webSessions.idHash, hashOf(id)))
      .returning();
    return row ? this.toSession(row) : null;
  }

  /** Deletes sessions past their absolute expiry (the idle ones go when next named, or here once expired). */
  async sweep(): Promise<number> {
    const gone = await this.db
      .delete(webSessions)
      .where(
        sql`${webSessions.expiresAt} < now() or ${webSessions.lastSeenAt} < now() - make_interval(secs => ${webSessions.idleSeconds})`,
      )
      .returning({ idHash: webSessions.idHash });
    return gone.length;
  }
}
