import "server-only";
import { COMMAND_TIMEOUT_MS, type RedisLink } from "@/lib/redis/link";
import { redisLink } from "@/lib/redis/process-link";
import { keepSubscribed } from "@/lib/redis/subscription";

// Live events by topic (a guild's music player; sessions that end; notifications next): what any
// instance publishes reaches the subscribers of every instance. With REDIS_URL through Redis
// pub/sub, one channel per hub ("guildhall:live:<name>") whose messages name their topic; every
// instance hands each message to its own subscribers of that topic, the publisher's included.
// Without REDIS_URL, or while Redis is down, a message reaches this instance's subscribers only.
// Messages must make a duplicate or a late delivery harmless (music states carry a version).
// When Redis comes back after an outage, each subscriber's `onResync` runs: what was published
// meanwhile on another instance never arrived, so it reads the current state again.

export type Listener<T> = (message: T) => void;
type Subscriber<T> = { listener: Listener<T>; onResync?: () => void };

export class TopicHub<T> {
  readonly #link: RedisLink | null;
  readonly #channel: string;
  readonly #topics = new Map<string, Set<Subscriber<T>>>();
  /** Resolves once Redis delivers this hub's channel to this instance. */
  readonly #listening: Promise<void> | null;
  #confirmed = false;

  constructor(name: string, link: RedisLink | null) {
    this.#link = link;
    this.#channel = `guildhall:live:${name}`;
    this.#listening = link ? this.#listen(link) : null;
  }

  async #listen(link: RedisLink): Promise<void> {
    await keepSubscribed(link, this.#channel, (raw) => {
      const { topic, message } = JSON.parse(raw) as { topic: string; message: T };
      this.#deliver(topic, message);
    });
    this.#confirmed = true;
    // From now on, each time the pub/sub connection is back it was down: subscribers catch up.
    link.onSubscriberReady(() => {
      for (const subscribers of this.#topics.values()) for (const { onResync } of [...subscribers]) onResync?.();
    });
  }

  /**
   * Hears every message published on the topic from now on, on any instance (once Redis has
   * confirmed this hub's channel: waited for, at most a command's timeout); returns the unsubscribe.
   */
  async subscribe(topic: string, listener: Listener<T>, onResync?: () => void): Promise<() => void> {
    const subscriber: Subscriber<T> = { listener, ...(onResync ? { onResync } : {}) };
    const subscribers = this.#topics.get(topic) ?? new Set();
    this.#topics.set(topic, subscribers);
    subscribers.add(subscriber);
    if (this.#listening && !this.#confirmed && this.#link?.isUp()) await Promise.race([this.#listening, new Promise((resolve) => setTimeout(resolve, COMMAND_TIMEOUT_MS).unref())]);
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0 && this.#topics.get(topic) === subscribers) this.#topics.delete(topic);
    };
  }

  /** Sends the message to the topic's subscribers on every instance (on this one only while Redis is down). */
  async publish(topic: string, message: T): Promise<void> {
    if (this.#link?.isUp()) {
      try {
        await this.#link.client.publish(this.#channel, JSON.stringify({ topic, message }));
        return;
      } catch {
        // Redis failed just now: at least this instance's subscribers hear it.
      }
    }
    this.#deliver(topic, message);
  }

  listenerCount(topic: string): number {
    return this.#topics.get(topic)?.size ?? 0;
  }

  #deliver(topic: string, message: T): void {
    for (const { listener } of [...(this.#topics.get(topic) ?? [])]) listener(message);
  }
}

const STORE = Symbol.for("guildhall.live-hubs");
type Hubs = Map<string, { link: RedisLink | null; hub: TopicHub<unknown> }>;
const store = globalThis as typeof globalThis & { [STORE]?: Hubs };

/** This process's hub of that name (on globalThis: route bundles share it), on REDIS_URL's link if set. */
export function topicHub<T>(name: string): TopicHub<T> {
  const hubs = (store[STORE] ??= new Map());
  const link = redisLink();
  const held = hubs.get(name);
  if (held && held.link === link) return held.hub as TopicHub<T>;
  const hub = new TopicHub<T>(name, link);
  hubs.set(name, { link, hub: hub as TopicHub<unknown> });
  return hub;
}
