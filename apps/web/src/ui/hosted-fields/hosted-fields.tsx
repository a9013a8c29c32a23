import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostedFieldsConfig, TokenizedMethod } from '@portal/contracts';
import { loadContracts } from '../../lib/contracts';
import Alert from '../../kit/Alert';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import LinearProgress from '../../kit/LinearProgress';

/**
 * The payment processor's hosted fields (docs/decisions/016): an iframe on the processor's own origin
 * where the member types the card or bank numbers, so they never reach the portal. The page talks to it
 * with postMessage only, both ways checked: messages are sent to exactly the processor's origin, and
 * accepted only from that origin and that frame. The frame grows with its content, shows its own
 * errors in the active language, and hands back a one-time token and display facts.
 */

export type TokenizeOutcome =
  | { status: 'tokenized'; token: string; method: TokenizedMethod }
  /** What was typed is not valid: the frame says why, field by field, and has moved focus there. */
  | { status: 'invalid' }
  /** The processor could not be reached (the frame says so), or the frame is not there. */
  | { status: 'failed' }
  /** The tokenisation session ran out (docs/decisions/039): the page loads the frame anew; type again. */
  | { status: 'expired' };

export interface HostedFieldsHandle {
  /** Asks the processor to tokenise what was typed. */
  tokenize(): Promise<TokenizeOutcome>;
}

export interface HostedFieldsProps {
  kind: 'card' | 'bankAccount';
  config: HostedFieldsConfig;
  /** The frame's accessible name (what a screen reader announces on entering it). */
  title: string;
  /** Enter pressed in a field of the frame: submit the surrounding form. */
  onSubmitRequest?: () => void;
  /** The frame's tokenisation session ran out: fetch the hosted fields anew (a new session, a new frame). */
  onExpired?: () => void;
  ref?: Ref<HostedFieldsHandle>;
}

const SOURCE = 'portal-hosted-fields';
const LOAD_TIMEOUT_MS = 15_000;
const TOKENIZE_TIMEOUT_MS = 30_000;

interface FrameMessage {
  source: string;
  type: string;
  requestId?: string;
  height?: number;
  token?: string;
  display?: unknown;
}

const isFrameMessage = (data: unknown): data is FrameMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { source?: unknown }).source === SOURCE &&
  typeof (data as { type?: unknown }).type === 'string';

export function HostedFields({ kind, config, title, onSubmitRequest, onExpired, ref }: HostedFieldsProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(kind === 'card' ? 330 : 420);
  const [attempt, setAttempt] = useState(0);
  const pending = useRef(new Map<string, (outcome: TokenizeOutcome) => void>());
  const submitRequest = useRef(onSubmitRequest);
  const expired = useRef(onExpired);
  // Layout effects, not effects, for everything the frame's messages read: they run in the same task as
  // the commit that inserts the frame, so they are in place before the frame can post anything. (Preact
  // runs effects after the next frame is painted; a frame from a fast processor said "ready" before the
  // listener existed, and the form stayed on "could not load" with the fields typed in.)
  useLayoutEffect(() => {
    submitRequest.current = onSubmitRequest;
    expired.current = onExpired;
  });
  const src = kind === 'card' ? config.card : config.bankAccount;
  // The frame is made in the browser only, once this component has mounted: in a server-rendered page
  // (docs/decisions/058) a frame in the markup would load and say "ready" before the page's code listens.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => {
    // Once, after the first commit: the frame must not be in the markup the server rendered.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMounted(true);
  }, []);
  // Ready and stalled belong to one load of the frame (its URL and the retry count).
  const load = `${src}#${attempt}`;
  const currentLoad = useRef(load);
  useLayoutEffect(() => {
    currentLoad.current = load;
  });
  // Issue 33 item 13: a new height the frame reports while a pointer is pressed on the page (the press
  // that took focus out of the frame makes it check the field it left, and its messages change height)
  // waits until the press is over, so nothing moves under a button between press and release.
  const pressed = useRef(false);
  const heldHeight = useRef<number | null>(null);
  useEffect(() => {
    const press = () => {
      pressed.current = true;
    };
    const release = () => {
      pressed.current = false;
      const held = heldHeight.current;
      heldHeight.current = null;
      // After the click that follows the release.
      if (held !== null)
        setTimeout(() => {
          setHeight(held);
        }, 0);
    };
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);
  const [readyLoad, setReadyLoad] = useState<string | null>(null);
  const [stalledLoad, setStalledLoad] = useState<string | null>(null);
  const ready = readyLoad === load;
  const stalled = stalledLoad === load && !ready;

  useLayoutEffect(() => {
    const waiting = pending.current;
    const onMessage = (event: MessageEvent) => {
      if (
        event.origin !== config.origin ||
        event.source !== frame.current?.contentWindow ||
        !isFrameMessage(event.data)
      )
        return;
      const message = event.data;
      switch (message.type) {
        case 'ready':
          setReadyLoad(currentLoad.current);
          return;
        case 'resize':
          if (typeof message.height === 'number' && Number.isFinite(message.height)) {
            const next = Math.min(Math.max(Math.ceil(message.height), 80), 2000);
            if (pressed.current) heldHeight.current = next;
            else setHeight(next);
          }
          return;
        case 'submit':
          submitRequest.current?.();
          return;
        default:
          break;
      }
      const resolve = message.requestId ? waiting.get(message.requestId) : undefined;
      if (!resolve || !message.requestId) return;
      waiting.delete(message.requestId);
      if (message.type === 'tokenized' && typeof message.token === 'string') {
        const token = message.token;
        // The schemas have loaded long before a member has typed a card (lib/contracts.ts).
        void loadContracts().then(
          ({ TokenizedMethodSchema }) => {
            const method = TokenizedMethodSchema.safeParse(message.display);
            resolve(
              method.success && method.data.kind === kind
                ? { status: 'tokenized', token, method: method.data }
                : { status: 'failed' },
            );
          },
          () => {
            resolve({ status: 'failed' });
          },
        );
      } else if (message.type === 'invalid') resolve({ status: 'invalid' });
      else if (message.type === 'expired') {
        resolve({ status: 'expired' });
        expired.current?.();
      } else resolve({ status: 'failed' });
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      for (const resolve of waiting.values()) resolve({ status: 'failed' });
      waiting.clear();
    };
  }, [config.origin, kind]);

  // A frame that never says it is ready (the processor is down, a network filter): say so and offer a retry.
  useEffect(() => {
    const timer = setTimeout(() => {
      setStalledLoad(load);
    }, LOAD_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [load]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: () => {
        const target = frame.current?.contentWindow;
        if (!ready || !target) return Promise.resolve({ status: 'failed' });
        const requestId = crypto.randomUUID();
        return new Promise<TokenizeOutcome>((resolve) => {
          const timer = setTimeout(() => {
            pending.current.delete(requestId);
            resolve({ status: 'failed' });
          }, TOKENIZE_TIMEOUT_MS);
          pending.current.set(requestId, (outcome) => {
            clearTimeout(timer);
            resolve(outcome);
          });
          target.postMessage({ target: SOURCE, type: 'tokenize', requestId }, config.origin);
        });
      },
    }),
    [ready, config.origin],
  );

  return (
    <Box>
      {!ready && !stalled && <LinearProgress aria-label={t('hostedFields.loading')} sx={{ mb: 1 }} />}
      {stalled && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setAttempt((n) => n + 1);
              }}
            >
              {t('form.tryAgain')}
            </Button>
          }
        >
          {t('hostedFields.unavailable')}
        </Alert>
      )}
      {!mounted ? (
        <Box sx={{ display: 'block', width: '100%', height }} />
      ) : (
        <Box
          component="iframe"
          key={load}
          ref={frame}
          src={src}
          title={title}
          // The processor's page needs its own scripts and same-origin calls; nothing else of ours.
          sandbox="allow-scripts allow-same-origin allow-forms"
          referrerPolicy="no-referrer"
          // In the tab order as one stop (MUI's focus trap counts only elements with a tabindex): focusing
          // the frame puts the caret in its first field.
          tabIndex={0}
          data-testid={`hosted-fields-${kind}`}
          sx={{ display: 'block', width: '100%', height, border: 0, colorScheme: 'light' }}
        />
      )}
    </Box>
  );
}
