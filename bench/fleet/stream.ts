// A live notification stream (text/event-stream) read over HTTP through the proxy, its events collected
// in order (the fleet harness waits for `live`, `unread` and `notification` events on it).
export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

export function openStream(url: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  const ready = fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  }).then(
    (response) => {
      if (!response.body) return response.status;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      void (async () => {
        for (;;) {
          const { value, done } = await reader
            .read()
            .catch(() => ({ value: undefined, done: true as const }));
          if (done) return;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1];
            const data = /^data: ?(.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
            end = buffer.indexOf('\n\n');
          }
        }
      })();
      return response.status;
    },
    () => 0,
  );
  /** The first event from `fromIndex` on that matches, with its index; rejects after `timeoutMs`. */
  const next = async (
    match: (event: StreamEvent) => boolean,
    timeoutMs = 5_000,
    fromIndex = 0,
  ): Promise<{ event: StreamEvent; index: number }> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = events.findIndex((event, at) => at >= fromIndex && match(event));
      const found = events[index];
      if (found) return { event: found, index };
      if (Date.now() > deadline)
        throw new Error(`no matching event in ${String(timeoutMs)} ms; got ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    ready,
    events,
    next,
    close: () => {
      controller.abort();
    },
  };
}
