import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { apiEventStream, isApiError } from '../../lib/api';
import { notificationsKey } from './get-notifications';
import { unreadCountQueryOptions } from './get-unread-count';

export interface LiveNotification {
  id: string;
  templateName: string;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** How often the badge and lists are asked for again while live messages cannot arrive (issue 40). */
export const LIVE_FALLBACK_POLL_MS = 20_000;

/**
 * Live notifications (docs/decisions/019): while a member's portal is open, the server's event stream
 * (GET /api/v1/Notification/stream, with the member's token) says when a notification arrives or the
 * unread count changes (another tab marked some read); the lists and the badge refresh at once, and
 * `onNotification` hears of new ones (to announce them). The stream ends when the token would expire
 * and is opened again with a fresh one; after a failure it waits (longer each time, at most a minute).
 * While the stream says it is degraded (`live` `{ status: 'degraded' }`: the server cannot hear other
 * instances, Redis is down) or cannot be opened, the count is polled every 20 s instead (issue 40); the
 * 4-minute background refresh (SPEC §9) goes on regardless.
 */
export function useLiveNotifications(
  credentialKey: string | null,
  onNotification: (notification: LiveNotification) => void,
) {
  const queryClient = useQueryClient();
  const listener = useRef(onNotification);
  useEffect(() => {
    listener.current = onNotification;
  });
  useEffect(() => {
    if (credentialKey === null) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKey(credentialKey) });
    };
    // A pushed count says the count changed, not what it is now: pushes from two changes, or the one
    // sent when the stream opens, can arrive after a newer state was read. So the count is asked for
    // again; `invalidateQueries` cancels a request still on its way and starts a new one, so the badge
    // ends on the answer to the newest request, which is never older than the newest push.
    const recount = () => {
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions(credentialKey).queryKey });
    };
    let poll: ReturnType<typeof setInterval> | null = null;
    const polling = (on: boolean) => {
      if (on && poll === null && !signal.aborted) {
        poll = setInterval(() => {
          recount();
          refresh();
        }, LIVE_FALLBACK_POLL_MS);
      } else if (!on && poll !== null) {
        clearInterval(poll);
        poll = null;
      }
    };
    signal.addEventListener('abort', () => {
      polling(false);
    });
    void (async () => {
      let failures = 0;
      while (!signal.aborted) {
        try {
          const response = await apiEventStream('/api/v1/Notification/stream', signal);
          if (response.status === 204 || !response.body) return; // nothing will ever come for this caller
          failures = 0;
          const parser = createParser({
            onEvent: (event) => {
              try {
                const data = JSON.parse(event.data) as Record<string, unknown>;
                if (event.event === 'live') {
                  polling(data.status === 'degraded');
                } else if (event.event === 'unread') {
                  recount();
                  refresh();
                } else if (event.event === 'notification' && typeof data.id === 'string') {
                  refresh();
                  recount();
                  listener.current({
                    id: data.id,
                    templateName: typeof data.templateName === 'string' ? data.templateName : '',
                  });
                }
              } catch {
                // A malformed event is ignored; the background refresh still runs.
              }
            },
          });
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            parser.feed(value);
          }
        } catch (error) {
          if (
            controller.signal.aborted ||
            (isApiError(error) && (error.status === 401 || error.status === 403))
          )
            return;
          failures += 1;
          // No stream (the server is busy or unavailable): ask for the count now and then meanwhile.
          polling(true);
        }
        await sleep(Math.min(60_000, 1_000 * 2 ** Math.min(failures, 6)), signal);
      }
    })();
    return () => {
      controller.abort();
    };
  }, [credentialKey, queryClient]);
}
