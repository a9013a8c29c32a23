import { Redis } from 'ioredis';
import {
  awaitRenewal,
  hashOf,
  RenewalGate,
  newSessionId,
  touchEverySeconds,
  WELL_FORMED,
  type NewWebSession,
  type Renew,
  type Sealer,
  type WebSession,
  type WebSessionFlavour,
  type WebSessionKind,
  type WebSessionStore,
  type WebSessionTokens,
} from './web-sessions';

/**
 * The web sessions in Redis (SESSION_STORE=redis, issue 35, decision 050): for an issuer that keeps
 * short-lived state there rather than in PostgreSQL. One hash per session, named by the SHA-256 of the
 * cookie, which Redis itself deletes at the absolute expiry or after the idle limit (the key's expiry is
 * moved on whenever a use marks the session seen). The same rules as the PostgreSQL store
 * (`WebSessionStore`), the same sealed tokens.
 *
 * It fails closed: while Redis cannot be reached, a call that needs the session is answered 503 with
 * Retry-After (`SessionStoreUnavailable`), never let through and never a 500; members stay signed in and
 * carry on when it is back. Sessions are lost if Redis loses its data (then members sign in again).
 */

/** Redis could not answer: the request is answered 503 (plugins/errors.ts), as when the database is down. */
export class SessionStoreUnavailable extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('the session store (Redis) is unavailable', { cause });
    this.name = 'SessionStoreUnavailable';
  }
}

interface Meta {
  kind: WebSessionKind;
  flavour: WebSessionFlavour;
  subject: string;
  profile: Record<string, string>;
  idleSeconds: number;
  /** Absolute expiry, ms since the epoch. */
  expiresAt: number;
}

const KEY = (idHash: string) => `portal:web-session:${idHash}`;
const RENEWING = (idHash: string) => `portal:web-session-renewing:${idHash}`;
const RENEWAL_CLAIM_MS = 15_000;

/**
 * Writes fields of a session only while it still exists (a session ended meanwhile is not brought back
 * half-made) and moves its expiry. KEYS[1] the session; ARGV[1] the expiry (ms since the epoch), then
 * field/value pairs.
 */
const UPDATE_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
return 1
`;

export class RedisWebSessions implements WebSessionStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly sealer: Sealer,
    onError: (error: Error) => void = () => undefined,
  ) {
    // No offline queue and a short command timeout: while Redis is away a call fails at once (503), it does
    // not wait for a reconnection that may take a while. ioredis reconnects on its own.
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
      lazyConnect: false,
    });
    let reported = false;
    this.redis.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      onError(error);
    });
    this.redis.on('ready', () => {
      reported = false;
    });
  }

  /** Resolves once connected (tests, and a first request right after start). */
  async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new SessionStoreUnavailable(new Error('Redis did not connect within 10 s')));
      }, 10_000);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await Promise.resolve();
  }

  private async call<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      return await work(this.redis);
    } catch (error) {
      throw new SessionStoreUnavailable(error);
    }
  }

  private static endsAt(meta: Meta, lastSeenAt: number): number {
    return Math.min(meta.expiresAt, lastSeenAt + meta.idleSeconds * 1000);
  }

  private toSession(
    fields: Record<string, string>,
  ): { session: WebSession; meta: Meta; lastSeenAt: number } | null {
    const { meta: metaText, tokens, accessExpiresAt, lastSeenAt } = fields;
    if (metaText === undefined || tokens === undefined || lastSeenAt === undefined) return null;
    const opened = this.sealer.open(tokens);
    if (opened === null) return null;
    const meta = JSON.parse(metaText) as Meta;
    return {
      meta,
      lastSeenAt: Number(lastSeenAt),
      session: {
        kind: meta.kind,
        flavour: meta.flavour,
        subject: meta.subject,
        tokens: JSON.parse(opened) as WebSessionTokens,
        accessExpiresAt: accessExpiresAt ? new Date(Number(accessExpiresAt)) : null,
        profile: meta.profile,
        idleSeconds: meta.idleSeconds,
        expiresAt: new Date(meta.expiresAt),
      },
    };
  }

  async create(input: NewWebSession): Promise<string> {
    const id = newSessionId();
    const now = Date.now();
    const meta: Meta = {
      kind: input.kind,
      flavour: input.flavour,
      subject: input.subject,
      profile: input.profile,
      idleSeconds: input.idleSeconds,
      expiresAt: now + input.lifetimeSeconds * 1000,
    };
    const key = KEY(hashOf(id));
    await this.call((redis) =>
      redis
        .multi()
        .hset(key, {
          meta: JSON.stringify(meta),
          tokens: this.sealer.seal(JSON.stringify(input.tokens)),
          accessExpiresAt: input.accessExpiresAt ? String(input.accessExpiresAt.getTime()) : '',
          lastSeenAt: String(now),
        })
        .pexpireat(key, RedisWebSessions.endsAt(meta, now))
        .exec(),
    );
    return id;
  }

  async find(id: string): Promise<WebSession | null> {
    if (!WELL_FORMED.test(id)) return null;
    const key = KEY(hashOf(id));
    const fields = await this.call((redis) => redis.hgetall(key));
    const found = this.toSession(fields);
    if (!found) return null;
    const now = Date.now();
    if (RedisWebSessions.endsAt(found.meta, found.lastSeenAt) <= now) {
      await this.call((redis) => redis.del(key));
      return null;
    }
    if (now - found.lastSeenAt > touchEverySeconds(found.meta.idleSeconds) * 1000) {
      await this.call((redis) =>
        redis.eval(
          UPDATE_IF_PRESENT,
          1,
          key,
          String(RedisWebSessions.endsAt(found.meta, now)),
          'lastSeenAt',
          String(now),
        ),
      );
    }
    return found.session;
  }

  private readonly renewals = new RenewalGate();

  async renewTokens(id: string, renew: Renew): Promise<WebSession | null> {
    const idHash = hashOf(id);
    return this.renewals.once(idHash, async () => {
      const claimed = await this.call((redis) =>
        redis.set(RENEWING(idHash), '1', 'PX', RENEWAL_CLAIM_MS, 'NX'),
      );
      if (claimed !== 'OK') return this.waitForRenewal(idHash);
      try {
        const found = this.toSession(await this.call((redis) => redis.hgetall(KEY(idHash))));
        if (!found) return null;
        const renewed = await renew(found.session);
        await this.call((redis) =>
          redis.eval(
            UPDATE_IF_PRESENT,
            1,
            KEY(idHash),
            String(RedisWebSessions.endsAt(found.meta, found.lastSeenAt)),
            'tokens',
            this.sealer.seal(JSON.stringify(renewed.tokens)),
            'accessExpiresAt',
            renewed.accessExpiresAt ? String(renewed.accessExpiresAt.getTime()) : '',
          ),
        );
        return { ...found.session, ...renewed };
      } finally {
        await this.call((redis) => redis.del(RENEWING(idHash))).catch(() => undefined);
      }
    });
  }

  /** Another instance is renewing: its current token while valid, else the renewed one (up to 10 s). */
  private waitForRenewal(idHash: string): Promise<WebSession | null> {
    return awaitRenewal(async () => {
      const [fields, claim] = await Promise.all([
        this.call((redis) => redis.hgetall(KEY(idHash))),
        this.call((redis) => redis.exists(RENEWING(idHash))),
      ]);
      const found = this.toSession(fields);
      return found ? { session: found.session, claimed: claim !== 0 } : null;
    });
  }

  async rotate(id: string): Promise<string | null> {
    if (!WELL_FORMED.test(id)) return null;
    const next = newSessionId();
    const from = KEY(hashOf(id));
    const to = KEY(hashOf(next));
    // RENAMENX moves the hash with its expiry; the old name is gone in the same step.
    const moved = await this.call((redis) => redis.renamenx(from, to)).catch((error: unknown) => {
      if (
        error instanceof SessionStoreUnavailable &&
        /no such key/i.test(String((error.cause as Error | undefined)?.message))
      )
        return 0;
      throw error;
    });
    if (moved !== 1) return null;
    const now = Date.now();
    const found = this.toSession(await this.call((redis) => redis.hgetall(to)));
    if (!found) return null;
    await this.call((redis) =>
      redis.eval(
        UPDATE_IF_PRESENT,
        1,
        to,
        String(RedisWebSessions.endsAt(found.meta, now)),
        'lastSeenAt',
        String(now),
      ),
    );
    return next;
  }

  async remove(id: string): Promise<WebSession | null> {
    if (!WELL_FORMED.test(id)) return null;
    const key = KEY(hashOf(id));
    const [[, fields] = [], [, deleted] = []] =
      (await this.call((redis) => redis.multi().hgetall(key).del(key).exec())) ?? [];
    if (deleted !== 1) return null;
    return this.toSession(fields as Record<string, string>)?.session ?? null;
  }
}
