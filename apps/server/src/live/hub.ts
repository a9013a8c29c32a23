import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Live updates to open portals (docs/decisions/019): a message for a household reaches every browser
 * of that household connected to any instance. In-process with one instance; through Redis pub/sub
 * (one channel per household) when REDIS_URL is set, so an event dispatched on one instance reaches a
 * browser connected to another. Messages say that something changed (and what, by id), never the
 * health or payment facts themselves: the browser reads those through the API.
 */
export interface LiveMessage {
  /** The SSE event name: `notification` (a new one), `unread` (the count changed). */
  event: 'notification' | 'unread';
  data: Record<string, string | number | null>;
}

export type LiveListener = (message: LiveMessage) => void;

/** Whether messages from other instances arrive: `up`, `down` (Redis unreachable: pages poll), `off` (one instance, no Redis). */
export type LiveStatus = 'up' | 'down' | 'off';

export interface LiveHub {
  /** Never throws: with Redis down the message still reaches this instance's own listeners. */
  publish(householdId: string, message: LiveMessage): Promise<void>;
  /**
   * Listens to one household's messages; the returned function stops listening. Never throws: with Redis
   * down the listener is kept and the household's channel is subscribed when Redis is back (issue 40).
   */
  subscribe(householdId: string, listener: LiveListener): Promise<() => Promise<void>>;
  status(): LiveStatus;
  /** Hears every change of `status()`; the returned function stops. */
  onStatus(listener: (status: LiveStatus) => void): () => void;
  close(): Promise<void>;
}

/** One instance: an event emitter. */
export class InProcessHub implements LiveHub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(householdId: string, message: LiveMessage): Promise<void> {
    this.emitter.emit(householdId, message);
    return Promise.resolve();
  }

  subscribe(householdId: string, listener: LiveListener): Promise<() => Promise<void>> {
    this.emitter.on(householdId, listener);
    return Promise.resolve(() => {
      this.emitter.off(householdId, listener);
      return Promise.resolve();
    });
  }

  status(): LiveStatus {
    return 'off';
  }

  onStatus(): () => void {
    return () => undefined;
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

const CHANNEL_PREFIX = 'portal:live:household:';

/**
 * Several instances: Redis pub/sub. One connection publishes, one subscribes (a subscribed Redis
 * connection can do nothing else); a household's channel is subscribed while at least one of its
 * browsers is connected here.
 *
 * Redis may go away and come back (issue 40, defect 4): a stream opened meanwhile must not fail, and its
 * household must hear messages again once Redis is back. So the channels this instance wants are kept
 * here, not in the connection: every time the subscriber connection becomes ready, all of them are
 * subscribed again (ioredis's own resubscription knows only the channels whose SUBSCRIBE succeeded).
 * Commands are never queued while disconnected (they fail at once), and a message published while Redis
 * is down still reaches this instance's own listeners; the others' pages poll meanwhile.
 */
export class RedisHub implements LiveHub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly local = new InProcessHub();
  private readonly counts = new Map<string, number>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private current: LiveStatus = 'down';
  private closed = false;

  constructor(url: string, onError: (error: Error) => void) {
    const options = {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      autoResubscribe: false,
      commandTimeout: 2_000,
      lazyConnect: false,
    };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    // ioredis reconnects forever (its default retry strategy); errors are reported once per change of state.
    let reported = false;
    const report = (error: Error) => {
      if (reported) return;
      reported = true;
      onError(error);
    };
    this.publisher.on('error', report);
    this.subscriber.on('error', report);
    const update = () => {
      const next: LiveStatus =
        this.subscriber.status === 'ready' && this.publisher.status === 'ready' ? 'up' : 'down';
      if (next === 'up') reported = false;
      if (next === this.current || this.closed) return;
      this.current = next;
      for (const listener of this.statusListeners) listener(next);
    };
    this.subscriber.on('ready', () => {
      void this.resubscribe().then(update, (error: unknown) => {
        onError(error as Error);
        update();
      });
    });
    this.publisher.on('ready', update);
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('close', update);
      connection.on('end', update);
    }
    this.subscriber.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      try {
        void this.local.publish(channel.slice(CHANNEL_PREFIX.length), JSON.parse(text) as LiveMessage);
      } catch (error) {
        onError(error as Error);
      }
    });
  }

  /** Every channel this instance wants, subscribed again (after a connect or a reconnect). */
  private async resubscribe(): Promise<void> {
    const channels = [...this.counts.keys()].map((householdId) => CHANNEL_PREFIX + householdId);
    if (channels.length > 0) await this.subscriber.subscribe(...channels);
  }

  /** Resolves true once both connections are ready, false if they are not within `timeoutMs`. */
  async ready(timeoutMs = 3_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.current !== 'up' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    return this.current === 'up';
  }

  async publish(householdId: string, message: LiveMessage): Promise<void> {
    if (this.current === 'up') {
      try {
        await this.publisher.publish(CHANNEL_PREFIX + householdId, JSON.stringify(message));
        return;
      } catch {
        // Lost on the way: this instance's own listeners still hear it (below).
      }
    }
    await this.local.publish(householdId, message);
  }

  async subscribe(householdId: string, listener: LiveListener): Promise<() => Promise<void>> {
    const count = this.counts.get(householdId) ?? 0;
    this.counts.set(householdId, count + 1);
    const stopLocal = await this.local.subscribe(householdId, listener);
    // Down: nothing to do now; the channel is subscribed with the others when the connection is ready.
    if (count === 0 && this.subscriber.status === 'ready') {
      await this.subscriber.subscribe(CHANNEL_PREFIX + householdId).catch(() => undefined);
    }
    return async () => {
      await stopLocal();
      const left = (this.counts.get(householdId) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(householdId, left);
        return;
      }
      this.counts.delete(householdId);
      if (this.subscriber.status === 'ready')
        await this.subscriber.unsubscribe(CHANNEL_PREFIX + householdId).catch(() => undefined);
    };
  }

  status(): LiveStatus {
    return this.current;
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.statusListeners.clear();
    await this.local.close();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
