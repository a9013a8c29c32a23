import { useRef, useState } from 'react';
import type { TokenizedMethod } from '@portal/contracts';
import type { HostedFieldsHandle } from '../hosted-fields/hosted-fields';

/**
 * A new card or account typed in the processor's hosted fields (docs/decisions/016), turned into a
 * one-time token on Continue. While the processor checks what was typed, a second press waits for the
 * first (the frame answers one request at a time; issue 33 item 13) and `checking` says so; a failed
 * check (`tokenizeFailed`) or a session that ran out (`frameExpired`) is remembered for the page to say.
 */
export function useFreshMethod() {
  const frame = useRef<HostedFieldsHandle>(null);
  const [tokenizeFailed, setTokenizeFailed] = useState(false);
  const [frameExpired, setFrameExpired] = useState(false);
  const [checking, setChecking] = useState(false);
  const checkingNow = useRef(false);

  /** Forgets the last check's failure (a new press of Continue). */
  const clear = () => {
    setTokenizeFailed(false);
    setFrameExpired(false);
  };

  /**
   * The token and the facts of what was typed; null when there is none: a check already under way, the
   * processor unreachable, the session run out, or what was typed is not valid (the frame says why).
   */
  const tokenize = async (): Promise<{ token: string; method: TokenizedMethod } | null> => {
    if (checkingNow.current) return null;
    checkingNow.current = true;
    setChecking(true);
    // Released whatever happens (no frame yet, a failed or slow answer): a later press must work again.
    let outcome: Awaited<ReturnType<HostedFieldsHandle['tokenize']>> | undefined;
    try {
      outcome = await frame.current?.tokenize();
    } finally {
      checkingNow.current = false;
      setChecking(false);
    }
    if (!outcome || outcome.status === 'failed') {
      setTokenizeFailed(true);
      return null;
    }
    // The form's session ran out: the frame is loaded anew (onExpired) and the member types again.
    if (outcome.status === 'expired') {
      setFrameExpired(true);
      return null;
    }
    if (outcome.status === 'invalid') return null;
    return { token: outcome.token, method: outcome.method };
  };

  return { frame, checking, tokenizeFailed, frameExpired, clear, tokenize };
}

export type FreshMethod = ReturnType<typeof useFreshMethod>;
