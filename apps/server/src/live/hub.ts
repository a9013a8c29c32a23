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

export interface LiveHub {
  publish(householdId: string, message: LiveMessage): Promise<void>;
  /** Listens to one household's messages; the returned function stops listening. */
  subscribe(householdId: string, listener: LiveListener): Promise<() => Promise<void>>;
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
 */
export class RedisHub implements LiveHub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly local = new InProcessHub();
  private readonly counts = new Map<string, number>();

  constructor(url: string, onError: (error: Error) => void) {
    const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      try {
        void this.local.publish(channel.slice(CHANNEL_PREFIX.length), JSON.parse(text) as LiveMessage);
      } catch (error) {
        onError(error as Error);
      }
    });
  }

  /** Resolves once both connections are ready (start-up fails early on a wrong REDIS_URL). */
  async ready(): Promise<void> {
    await Promise.all([this.publisher.ping(), this.subscriber.ping()]);
  }

  async publish(householdId: string, message: LiveMessage): Promise<void> {
    await this.publisher.publish(CHANNEL_PREFIX + householdId, JSON.stringify(message));
  }

  async subscribe(householdId: string, listener: LiveListener): Promise<() => Promise<void>> {
    const count = this.counts.get(householdId) ?? 0;
    this.counts.set(householdId, count + 1);
    if (count === 0) await this.subscriber.subscribe(CHANNEL_PREFIX + householdId);
    const stopLocal = await this.local.subscribe(householdId, listener);
    return async () => {
      await stopLocal();
      const left = (this.counts.get(householdId) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(householdId, left);
        return;
      }
      this.counts.delete(householdId);
      await this.subscriber.unsubscribe(CHANNEL_PREFIX + householdId).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.local.close();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
