import { describe, expect, it } from 'vitest';
import { CLAIM_STALE_AFTER_MINUTES, claimDecision, isClaimStale, requestAgeDays } from './service-queue';

describe('service queue claims', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('gives an unclaimed request to whoever claims it, and keeps a claim with its holder', () => {
    expect(claimDecision({ holder: null, claimedAt: null }, 'ana', now, false)).toBe('claim');
    expect(claimDecision({ holder: 'ana', claimedAt: minutesAgo(5) }, 'ana', now, false)).toBe('mine');
  });

  it('refuses another processor while the claim is fresh, even when asked to take it over', () => {
    expect(claimDecision({ holder: 'ana', claimedAt: minutesAgo(5) }, 'ben', now, false)).toBe('held');
    expect(
      claimDecision(
        { holder: 'ana', claimedAt: minutesAgo(CLAIM_STALE_AFTER_MINUTES - 1) },
        'ben',
        now,
        true,
      ),
    ).toBe('held');
  });

  it('lets another processor take over a stale claim only when asked to', () => {
    const stale = { holder: 'ana', claimedAt: minutesAgo(CLAIM_STALE_AFTER_MINUTES) };
    expect(isClaimStale(stale.claimedAt, now)).toBe(true);
    expect(claimDecision(stale, 'ben', now, false)).toBe('held');
    expect(claimDecision(stale, 'ben', now, true)).toBe('take-over');
  });

  it('counts a request’s age in whole days', () => {
    expect(requestAgeDays(minutesAgo(60), now)).toBe(0);
    expect(requestAgeDays(minutesAgo(60 * 24 * 3 + 1), now)).toBe(3);
    expect(requestAgeDays(new Date(now.getTime() + 1000), now)).toBe(0);
  });
});
