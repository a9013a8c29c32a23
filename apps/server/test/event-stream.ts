import type { FastifyInstance } from 'fastify';

/** Reads a text/event-stream over real HTTP and collects its events. */
export function openStream(url: string, token: string) {
  const controller = new AbortController();
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const waiters: (() => void)[] = [];
  const ready = fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  }).then((response) => {
    if (!response.body) throw new Error('no body');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (event && data) {
            events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
            for (const wake of waiters.splice(0)) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    })();
    return response.status;
  });
  const next = async (
    match: (event: { event: string; data: Record<string, unknown> }) => boolean,
    timeoutMs = 5_000,
  ) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
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

export const urlOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};
