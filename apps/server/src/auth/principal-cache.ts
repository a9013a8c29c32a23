import { LRUCache } from 'lru-cache';
import type { Principal } from './principal';

interface Remembered {
  principal: Principal;
  /** The grant (built-in OpenID providers) or portal session the token stands for: what sign-out ends. */
  grantId: string | null;
  sessionId: string | null;
}

/**
 * Accepted bearer tokens and the caller each stands for, remembered for a few seconds (docs/decisions/035):
 * a read then skips the signature check and the account, grant and session look-up. An entry lives at
 * most `ttlSeconds` and never past the token's own expiry. Signing out on this instance forgets the
 * grant's or session's tokens at once (`forgetGrant`, `forgetSession`), and so does linking the account
 * to a member (`forgetAccount`); a sign-out on another instance, a disabled account or changed roles take
 * effect here within `ttlSeconds`. Only accepted tokens are
 * remembered: a refused token is checked (and audited) every time.
 */
export class PrincipalCache {
  private readonly entries: LRUCache<string, Remembered> | null;

  constructor(
    private readonly ttlSeconds: number,
    maxEntries = 20_000,
  ) {
    this.entries =
      ttlSeconds > 0 ? new LRUCache<string, Remembered>({ max: maxEntries, ttl: ttlSeconds * 1000 }) : null;
  }

  get(token: string): Principal | undefined {
    return this.entries?.get(token)?.principal;
  }

  /** Remembers an accepted token until `ttlSeconds` from now or its `exp` (seconds since the epoch), whichever is sooner. */
  remember(
    token: string,
    principal: Principal,
    claims: { exp?: number | undefined; gid?: unknown; sid?: unknown },
  ): void {
    if (!this.entries || typeof claims.exp !== 'number') return;
    const ttl = Math.min(this.ttlSeconds * 1000, claims.exp * 1000 - Date.now());
    if (ttl <= 0) return;
    this.entries.set(
      token,
      {
        principal: Object.freeze(principal),
        grantId: typeof claims.gid === 'string' ? claims.gid : null,
        sessionId: typeof claims.sid === 'string' ? claims.sid : null,
      },
      { ttl },
    );
  }

  /** A grant was revoked (sign-out at the built-in provider): its tokens are refused from now on. */
  forgetGrant(grantId: string): void {
    this.forgetWhere((entry) => entry.grantId === grantId);
  }

  /** A portal session (guest, asserted) was revoked: its tokens are refused from now on. */
  forgetSession(sessionId: string): void {
    this.forgetWhere((entry) => entry.sessionId === sessionId);
  }

  /** An account's facts changed (linked to a member): its callers are looked up afresh on their next call. */
  forgetAccount(accountId: string): void {
    this.forgetWhere((entry) => 'accountId' in entry.principal && entry.principal.accountId === accountId);
  }

  private forgetWhere(test: (entry: Remembered) => boolean): void {
    if (!this.entries) return;
    const gone: string[] = [];
    for (const [token, entry] of this.entries.entries()) if (test(entry)) gone.push(token);
    for (const token of gone) this.entries.delete(token);
  }
}
