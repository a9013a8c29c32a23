import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setCredential } from '../../lib/auth/credentials';
import { fakeFetch, json, memberCredential, type Call } from '../../test/render-portal';
import { unreadCountQueryOptions, useUnreadCount } from './get-unread-count';
import { LIVE_FALLBACK_POLL_MS, useLiveNotifications } from './use-live-notifications';

/** An event stream the test writes to, as the server's `GET /api/v1/Notification/stream` would. */
function eventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}

function renderLive(unread: () => number) {
  setCredential(memberCredential());
  const stream = eventStream();
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch(
      {
        custom: (_method, path) => {
          if (path === '/api/v1/Notification/stream') return stream.response;
          if (path === '/api/v1/Notification/unread-count') return json({ count: unread() });
          return undefined;
        },
      },
      calls,
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useLiveNotifications('member-1', () => undefined);
      return useUnreadCount('member-1');
    },
    { wrapper },
  );
  return { hook, stream, calls, queryClient };
}

describe('live notifications: the header badge', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('ends on the count the API answers now, not on an older count pushed late', async () => {
    let unread = 3;
    const { hook, stream, calls } = renderLive(() => unread);
    await waitFor(() => {
      expect(hook.result.current.data).toBe(3);
    });
    // Everything is marked read; then a push computed before that (the count sent as the stream
    // opened, or the push of an earlier change) arrives last.
    unread = 0;
    const before = calls.filter((call) => call.url === '/api/v1/Notification/unread-count').length;
    act(() => {
      stream.send('unread', { count: 3 });
    });
    await waitFor(() => {
      expect(calls.filter((call) => call.url === '/api/v1/Notification/unread-count').length).toBeGreaterThan(
        before,
      );
    });
    await waitFor(() => {
      expect(hook.result.current.data).toBe(0);
    });
  });

  it('counts again when a notification arrives', async () => {
    let unread = 0;
    const { hook, stream, queryClient } = renderLive(() => unread);
    await waitFor(() => {
      expect(hook.result.current.data).toBe(0);
    });
    unread = 1;
    act(() => {
      stream.send('notification', { id: 'n-1', templateName: 'payment-received' });
    });
    await waitFor(() => {
      expect(queryClient.getQueryData(unreadCountQueryOptions('member-1').queryKey)).toBe(1);
    });
  });

  it('issue 40 defect 4: polls the count while the stream says it is degraded (Redis down), and stops when live messages resume', async () => {
    // Only the hook's interval is faked; vi.waitFor keeps real timers (Testing Library's waitFor would not).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let unread = 0;
      const { hook, stream, calls } = renderLive(() => unread);
      await vi.waitFor(() => {
        expect(hook.result.current.data).toBe(0);
      });
      const counts = () => calls.filter((call) => call.url === '/api/v1/Notification/unread-count').length;
      // Live: nothing is asked for between pushes.
      act(() => {
        stream.send('live', { status: 'up' });
      });
      let before = counts();
      act(() => {
        vi.advanceTimersByTime(LIVE_FALLBACK_POLL_MS * 2);
      });
      expect(counts()).toBe(before);

      // Degraded: a notification that arrives meanwhile is never pushed, and the badge still shows it.
      act(() => {
        stream.send('live', { status: 'degraded' });
      });
      await vi.waitFor(() => {
        expect(vi.getTimerCount()).toBe(1);
      });
      unread = 2;
      act(() => {
        vi.advanceTimersByTime(LIVE_FALLBACK_POLL_MS);
      });
      await vi.waitFor(() => {
        expect(hook.result.current.data).toBe(2);
      });

      // Live again: the polling stops.
      act(() => {
        stream.send('live', { status: 'up' });
      });
      await vi.waitFor(() => {
        expect(vi.getTimerCount()).toBe(0);
      });
      before = counts();
      act(() => {
        vi.advanceTimersByTime(LIVE_FALLBACK_POLL_MS * 3);
      });
      expect(counts()).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
