/**
 * Idle session and countdown rules (SPEC §2 idle warning dialog, §4 "Idle session" and
 * "Countdown widget", §5 idle configuration, §9 idle constants). Pure state machines: the web app
 * feeds them timer ticks and user events and renders the state.
 */

/** Idle settings, in seconds (SPEC §3 application configuration). `timeoutSeconds: false` disables the countdown. */
export interface IdleConfig {
  readonly idleSeconds: number;
  readonly timeoutSeconds: number | false;
  readonly keepAliveSeconds: number;
}

/**
 * SPEC §9 defaults: idle period 20 minutes (1200 s), countdown 30 s. The keep-alive interval
 * is read two ways in SPEC (10 minutes, 15 seconds); the default here is 10 minutes, since a
 * keep-alive ping every 15 seconds would keep a server busy for no benefit.
 */
export const IDLE_DEFAULTS: IdleConfig = { idleSeconds: 1200, timeoutSeconds: 30, keepAliveSeconds: 600 };

/** SPEC §9: user activity resets the idle watch at most once per this many milliseconds. */
export const ACTIVITY_THROTTLE_MS = 500;

/** SPEC §5: why an idle configuration is refused by {@link validateIdleConfig}. */
export type IdleConfigProblem = 'idle-not-positive' | 'timeout-negative' | 'keep-alive-not-positive';

/**
 * SPEC §5: the idle period must be above zero; the timeout is false or non-negative; the keep-alive
 * interval is above zero. Returns every problem found (empty when the configuration is valid).
 * Non-finite numbers are problems too.
 */
export function validateIdleConfig(config: IdleConfig): IdleConfigProblem[] {
  const problems: IdleConfigProblem[] = [];
  if (!Number.isFinite(config.idleSeconds) || config.idleSeconds <= 0) problems.push('idle-not-positive');
  if (
    config.timeoutSeconds !== false &&
    !(Number.isFinite(config.timeoutSeconds) && config.timeoutSeconds >= 0)
  ) {
    problems.push('timeout-negative');
  }
  if (!Number.isFinite(config.keepAliveSeconds) || config.keepAliveSeconds <= 0)
    problems.push('keep-alive-not-positive');
  return problems;
}

/**
 * SPEC §2: the idle dialog's live countdown as `mm:ss` (`75` → `01:15`); minutes grow beyond two
 * digits when needed; negative or fractional seconds are floored at zero / rounded up.
 */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** State of the idle watch (SPEC §4 "Idle session"). */
export type IdleSessionState =
  | { readonly phase: 'active' }
  /** The warning dialog is open; `remainingSeconds` is null when the timeout is disabled. */
  | { readonly phase: 'warning'; readonly remainingSeconds: number | null }
  | { readonly phase: 'signed-out'; readonly reason: 'user' | 'timeout' };

/** SPEC §4: something that happens to the idle watch. */
export type IdleSessionEvent =
  /** Mouse move, key press, scroll, touch, click, or activity in another tab. */
  | { readonly type: 'activity' }
  /** The idle period has passed without activity. */
  | { readonly type: 'idle-elapsed'; readonly timeoutSeconds: number | false }
  /** One second of the countdown has passed. */
  | { readonly type: 'tick' }
  | { readonly type: 'stay-signed-in' }
  | { readonly type: 'sign-out' };

/** SPEC §4: the idle watch starts not idle. */
export const INITIAL_IDLE_SESSION: IdleSessionState = { phase: 'active' };

/**
 * SPEC §4 "Idle session": not idle → after the idle period the warning opens with a countdown;
 * stay signed in closes it and the session continues; sign out, or the countdown reaching zero,
 * signs the user out. Activity resets the watch only while not yet idle, so it does not close the
 * warning. Signed out is final.
 */
export function idleSessionTransition(state: IdleSessionState, event: IdleSessionEvent): IdleSessionState {
  if (state.phase === 'signed-out') return state;
  switch (event.type) {
    case 'sign-out':
      return { phase: 'signed-out', reason: 'user' };
    case 'activity':
      return state;
    case 'idle-elapsed':
      if (state.phase !== 'active') return state;
      if (event.timeoutSeconds === false) return { phase: 'warning', remainingSeconds: null };
      return event.timeoutSeconds <= 0
        ? { phase: 'signed-out', reason: 'timeout' }
        : { phase: 'warning', remainingSeconds: Math.ceil(event.timeoutSeconds) };
    case 'tick':
      if (state.phase !== 'warning' || state.remainingSeconds === null) return state;
      return state.remainingSeconds <= 1
        ? { phase: 'signed-out', reason: 'timeout' }
        : { phase: 'warning', remainingSeconds: state.remainingSeconds - 1 };
    case 'stay-signed-in':
      return { phase: 'active' };
  }
}

/** State of the countdown widget (SPEC §4 "Countdown widget"). */
export interface CountdownState {
  readonly status: 'running' | 'paused' | 'stopped' | 'done';
  readonly remainingSeconds: number;
}

/** SPEC §4: something that happens to a countdown. */
export type CountdownEvent =
  | { readonly type: 'start'; readonly seconds: number }
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'stop' }
  | { readonly type: 'tick' };

/**
 * SPEC §4 "Countdown widget: running, paused, stopped, done". `start` (re)starts from `seconds`
 * (done at once when not positive); `pause` and `resume` toggle a running/paused countdown; `stop`
 * stops one that is running or paused; `tick` counts a running one down and reaches done at zero.
 * Events that do not apply leave the state unchanged.
 */
export function countdownTransition(state: CountdownState, event: CountdownEvent): CountdownState {
  switch (event.type) {
    case 'start': {
      const seconds = Number.isFinite(event.seconds) ? Math.max(0, Math.ceil(event.seconds)) : 0;
      return seconds === 0
        ? { status: 'done', remainingSeconds: 0 }
        : { status: 'running', remainingSeconds: seconds };
    }
    case 'pause':
      return state.status === 'running' ? { ...state, status: 'paused' } : state;
    case 'resume':
      return state.status === 'paused' ? { ...state, status: 'running' } : state;
    case 'stop':
      return state.status === 'running' || state.status === 'paused'
        ? { ...state, status: 'stopped' }
        : state;
    case 'tick':
      if (state.status !== 'running') return state;
      return state.remainingSeconds <= 1
        ? { status: 'done', remainingSeconds: 0 }
        : { status: 'running', remainingSeconds: state.remainingSeconds - 1 };
  }
}
