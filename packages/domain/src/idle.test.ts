import { describe, expect, it } from 'vitest';
import {
  countdownTransition,
  formatCountdown,
  IDLE_DEFAULTS,
  idleSessionTransition,
  INITIAL_IDLE_SESSION,
  validateIdleConfig,
} from './idle';
import type { CountdownEvent, CountdownState, IdleSessionEvent, IdleSessionState } from './idle';

describe('validateIdleConfig', () => {
  it('accepts the defaults of SPEC §9', () => {
    expect(IDLE_DEFAULTS).toEqual({ idleSeconds: 1200, timeoutSeconds: 30, keepAliveSeconds: 600 });
    expect(validateIdleConfig(IDLE_DEFAULTS)).toEqual([]);
  });

  it('accepts a disabled or zero timeout', () => {
    expect(validateIdleConfig({ ...IDLE_DEFAULTS, timeoutSeconds: false })).toEqual([]);
    expect(validateIdleConfig({ ...IDLE_DEFAULTS, timeoutSeconds: 0 })).toEqual([]);
  });

  it('reports every problem', () => {
    expect(validateIdleConfig({ idleSeconds: 0, timeoutSeconds: -1, keepAliveSeconds: 0 })).toEqual([
      'idle-not-positive',
      'timeout-negative',
      'keep-alive-not-positive',
    ]);
    expect(
      validateIdleConfig({
        idleSeconds: Number.NaN,
        timeoutSeconds: Number.NaN,
        keepAliveSeconds: Number.POSITIVE_INFINITY,
      }),
    ).toEqual(['idle-not-positive', 'timeout-negative', 'keep-alive-not-positive']);
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(30)).toBe('00:30');
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(6000)).toBe('100:00');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(29.2)).toBe('00:30');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });
});

const run = (
  events: readonly IdleSessionEvent[],
  from: IdleSessionState = INITIAL_IDLE_SESSION,
): IdleSessionState => events.reduce(idleSessionTransition, from);

describe('idleSessionTransition', () => {
  const idle: IdleSessionEvent = { type: 'idle-elapsed', timeoutSeconds: 3 };

  it('stays active on activity and opens the warning after the idle period', () => {
    expect(run([{ type: 'activity' }, { type: 'tick' }, { type: 'stay-signed-in' }])).toEqual({
      phase: 'active',
    });
    expect(run([idle])).toEqual({ phase: 'warning', remainingSeconds: 3 });
  });

  it('counts down and signs out at zero', () => {
    expect(run([idle, { type: 'tick' }, { type: 'tick' }])).toEqual({
      phase: 'warning',
      remainingSeconds: 1,
    });
    expect(run([idle, { type: 'tick' }, { type: 'tick' }, { type: 'tick' }])).toEqual({
      phase: 'signed-out',
      reason: 'timeout',
    });
  });

  it('closes the warning when the user stays signed in, not on mere activity', () => {
    expect(run([idle, { type: 'activity' }])).toEqual({ phase: 'warning', remainingSeconds: 3 });
    expect(run([idle, { type: 'tick' }, { type: 'stay-signed-in' }])).toEqual({ phase: 'active' });
  });

  it('signs out when the user chooses to, and stays signed out', () => {
    expect(run([idle, { type: 'sign-out' }])).toEqual({ phase: 'signed-out', reason: 'user' });
    expect(run([{ type: 'sign-out' }, { type: 'stay-signed-in' }, idle])).toEqual({
      phase: 'signed-out',
      reason: 'user',
    });
  });

  it('ignores a second idle-elapsed while warning', () => {
    expect(run([idle, { type: 'tick' }, idle])).toEqual({ phase: 'warning', remainingSeconds: 2 });
  });

  it('warns without a countdown when the timeout is disabled, and signs out at once with a zero timeout', () => {
    expect(run([{ type: 'idle-elapsed', timeoutSeconds: false }, { type: 'tick' }])).toEqual({
      phase: 'warning',
      remainingSeconds: null,
    });
    expect(run([{ type: 'idle-elapsed', timeoutSeconds: 0 }])).toEqual({
      phase: 'signed-out',
      reason: 'timeout',
    });
  });
});

const countdown = (events: readonly CountdownEvent[], from: CountdownState): CountdownState =>
  events.reduce(countdownTransition, from);

describe('countdownTransition', () => {
  const stopped: CountdownState = { status: 'stopped', remainingSeconds: 0 };

  it('runs down to done', () => {
    expect(countdown([{ type: 'start', seconds: 2 }, { type: 'tick' }], stopped)).toEqual({
      status: 'running',
      remainingSeconds: 1,
    });
    expect(countdown([{ type: 'start', seconds: 2 }, { type: 'tick' }, { type: 'tick' }], stopped)).toEqual({
      status: 'done',
      remainingSeconds: 0,
    });
  });

  it('pauses and resumes, not counting while paused', () => {
    const paused = countdown([{ type: 'start', seconds: 5 }, { type: 'pause' }, { type: 'tick' }], stopped);
    expect(paused).toEqual({ status: 'paused', remainingSeconds: 5 });
    expect(countdown([{ type: 'resume' }, { type: 'tick' }], paused)).toEqual({
      status: 'running',
      remainingSeconds: 4,
    });
  });

  it('stops a running or paused countdown, and leaves done alone', () => {
    expect(countdown([{ type: 'start', seconds: 5 }, { type: 'stop' }], stopped).status).toBe('stopped');
    expect(
      countdown([{ type: 'start', seconds: 5 }, { type: 'pause' }, { type: 'stop' }], stopped).status,
    ).toBe('stopped');
    const done: CountdownState = { status: 'done', remainingSeconds: 0 };
    expect(
      countdown([{ type: 'stop' }, { type: 'pause' }, { type: 'resume' }, { type: 'tick' }], done),
    ).toEqual(done);
  });

  it('is done at once when started with nothing to count', () => {
    expect(countdown([{ type: 'start', seconds: 0 }], stopped)).toEqual({
      status: 'done',
      remainingSeconds: 0,
    });
    expect(countdown([{ type: 'start', seconds: Number.NaN }], stopped)).toEqual({
      status: 'done',
      remainingSeconds: 0,
    });
  });
});
