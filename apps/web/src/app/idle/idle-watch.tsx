import { useEffect, useReducer, useRef } from 'react';
import { useIdleTimer, type ITimers } from 'react-idle-timer';
import {
  ACTIVITY_THROTTLE_MS,
  idleSessionTransition,
  INITIAL_IDLE_SESSION,
  type IdleSessionState,
} from '@portal/domain';
import { useConfig } from '../../config/config-context';
import { touchSession } from '../../lib/auth/auth';
import { useSignOut } from '../use-sign-out';
import { IdleDialog } from './idle-dialog';

type Action =
  | { type: 'activity' | 'stay-signed-in' | 'sign-out' }
  | { type: 'idle-elapsed'; timeoutSeconds: number | false }
  | { type: 'sync'; remainingSeconds: number };

// The browser's timers, looked up when used (the library binds them once at load, which would pin
// them before a test installs its fake clock).
const TIMERS: ITimers = {
  setTimeout: (handler: () => void, ms?: number) => window.setTimeout(handler, ms),
  clearTimeout: (id: number) => {
    window.clearTimeout(id);
  },
  setInterval: (handler: () => void, ms?: number) => window.setInterval(handler, ms),
  clearInterval: (id: number) => {
    window.clearInterval(id);
  },
};

/** The domain's idle state machine; `sync` replays the one-second ticks up to the real time left. */
function reducer(state: IdleSessionState, action: Action): IdleSessionState {
  if (action.type !== 'sync') return idleSessionTransition(state, action);
  let next = state;
  while (
    next.phase === 'warning' &&
    next.remainingSeconds !== null &&
    next.remainingSeconds > action.remainingSeconds
  ) {
    next = idleSessionTransition(next, { type: 'tick' });
  }
  return next;
}

/**
 * SPEC §4 idle session (§9 constants): after the configured idle period the warning opens with a
 * countdown; activity anywhere (mouse, keys, scroll, touch, click — in this tab or another) resets the
 * watch while not idle, throttled at 500 ms; the state is shared across tabs. Stay signed in closes
 * the warning everywhere; sign out, or the countdown reaching zero, ends the session.
 */
export function IdleWatch({ crossTab = true }: { crossTab?: boolean }) {
  const { session } = useConfig().account;
  const countdown = session.idleTimeoutSeconds === false ? 0 : session.idleTimeoutSeconds;
  const [state, dispatch] = useReducer(reducer, INITIAL_IDLE_SESSION);
  const signOut = useSignOut();

  // The server ends a session after the same idle period (docs/decisions/050): activity here tells it the
  // member is still there, at most four times per period.
  const lastTold = useRef(0);
  const tellEveryMs = Math.max(1_000, ((session.idleTimeSeconds + countdown) * 1000) / 4);
  const timer = useIdleTimer({
    timeout: (session.idleTimeSeconds + countdown) * 1000,
    ...(countdown > 0 ? { promptBeforeIdle: countdown * 1000 } : {}),
    throttle: ACTIVITY_THROTTLE_MS,
    crossTab,
    syncTimers: crossTab ? 200 : 0,
    timers: TIMERS,
    onPrompt: () => {
      dispatch({ type: 'idle-elapsed', timeoutSeconds: session.idleTimeoutSeconds });
    },
    onIdle: () => {
      // With a countdown the prompt already opened; reaching idle means the time is up (even if this
      // tab's one-second ticks were slowed down in the background). Without one, idle opens the warning.
      if (countdown > 0) dispatch({ type: 'sync', remainingSeconds: 0 });
      else dispatch({ type: 'idle-elapsed', timeoutSeconds: session.idleTimeoutSeconds });
    },
    onAction: () => {
      if (Date.now() - lastTold.current < tellEveryMs) return;
      lastTold.current = Date.now();
      touchSession().catch(() => undefined);
    },
    onActive: () => {
      dispatch({ type: 'stay-signed-in' });
    },
  });

  const warning = state.phase === 'warning';
  useEffect(() => {
    if (!warning) return;
    const interval = window.setInterval(() => {
      dispatch({ type: 'sync', remainingSeconds: Math.max(0, Math.ceil(timer.getRemainingTime() / 1000)) });
    }, 1000);
    return () => {
      window.clearInterval(interval);
    };
  }, [warning, timer]);

  const signedOut = useRef(false);
  useEffect(() => {
    if (state.phase !== 'signed-out' || signedOut.current) return;
    signedOut.current = true;
    timer.pause();
    void signOut(state.reason === 'timeout' ? 'timeout' : 'user');
  }, [state, signOut, timer]);

  if (state.phase !== 'warning') return null;
  return (
    <IdleDialog
      remainingSeconds={state.remainingSeconds}
      initialSeconds={session.idleTimeoutSeconds === false ? null : session.idleTimeoutSeconds}
      onStay={() => {
        // Resets the shared timer in every tab (their onActive closes their warning too).
        timer.activate();
        dispatch({ type: 'stay-signed-in' });
      }}
      onSignOut={() => {
        dispatch({ type: 'sign-out' });
      }}
    />
  );
}
