import "server-only";
import { createClient, type RedisClientType } from "redis";

// One instance's connection to Redis: a client for commands and its duplicate for pub/sub (a
// subscribed connection takes no other commands). Both reconnect by themselves, forever, with a
// growing pause. While the command client is not connected, commands fail at once instead of
// queueing (`disableOfflineQueue`), and a command Redis does not answer within
// COMMAND_TIMEOUT_MS fails too: every user of the link then takes its in-process path (see
// `shared()`), so a Redis outage degrades pages and budgets to one instance's view, never
// holds a request or loses a write.

export type RedisClient = RedisClientType;

/** A command Redis has not answered within this fails, and the caller falls back to this process. */
export const COMMAND_TIMEOUT_MS = 1000;
/** The pause between reconnection attempts grows from 50 ms up to this. */
export const MAX_RECONNECT_DELAY_MS = 2000;
/** Writes kept for replay while Redis is down (see replayWhenBack); the oldest go first. */
const MAX_REPLAYS = 10_000;

type Write = (client: RedisClient) => Promise<unknown>;

export interface RedisLink {
  readonly client: RedisClient;
  readonly subscriber: RedisClient;
  /** Whether commands can be sent now. */
  isUp(): boolean;
  /** Calls `listener` each time the command client is connected (again). */
  onReady(listener: () => void): () => void;
  /** Calls `listener` each time the pub/sub connection is back (its subscriptions restored). */
  onSubscriberReady(listener: () => void): () => void;
  /**
   * Sends a write that must not be lost to a short outage (an invalidation, a revocation): at
   * once, and when it fails because Redis is down, again once it is back. Writes with the same
   * key replace each other. Resolves after the first try, whatever its outcome.
   */
  replayWhenBack(key: string, write: Write): Promise<void>;
  close(): Promise<void>;
}

export function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS);
}

/** Connects to `url` in the background; the link is usable at once (down until connected). */
export function connectRedis(url: string): RedisLink {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: { reconnectStrategy: reconnectDelay, connectTimeout: COMMAND_TIMEOUT_MS },
  });
  // Subscriptions are kept by the client and sent again on every reconnection; one asked for
  // while Redis is down waits for it (queued, no timeout) instead of failing.
  const subscriber = client.duplicate({ disableOfflineQueue: false, commandOptions: {} });
  const readyListeners = new Set<() => void>();
  const subscriberListeners = new Set<() => void>();
  const replays = new Map<string, Write>();
  let down = false;

  const lost = (error: Error) => {
    // Every failed reconnection attempt emits an error too: one line per outage is enough.
    if (down) return;
    down = true;
    console.warn(`redis: connection lost (${error.message || error.name}); shared state falls back to this process until Redis is back`);
  };
  client.on("error", lost);
  // The subscriber's own errors are the same outage, reported by the command client.
  subscriber.on("error", () => undefined);
  client.on("ready", () => {
    if (down) console.warn("redis: connected again; shared state is back");
    down = false;
    for (const [key, write] of [...replays]) {
      replays.delete(key);
      void link.replayWhenBack(key, write);
    }
    for (const listener of [...readyListeners]) listener();
  });
  subscriber.on("ready", () => {
    for (const listener of [...subscriberListeners]) listener();
  });

  const link: RedisLink = {
    client,
    subscriber,
    isUp: () => client.isReady,
    onReady(listener) {
      readyListeners.add(listener);
      return () => void readyListeners.delete(listener);
    },
    onSubscriberReady(listener) {
      subscriberListeners.add(listener);
      return () => void subscriberListeners.delete(listener);
    },
    async replayWhenBack(key, write) {
      try {
        if (!client.isReady) throw new Error("redis is down");
        await write(client);
        replays.delete(key);
      } catch {
        replays.delete(key);
        replays.set(key, write);
        for (const oldest of replays.keys()) {
          if (replays.size <= MAX_REPLAYS) break;
          replays.delete(oldest);
        }
      }
    },
    async close() {
      readyListeners.clear();
      subscriberListeners.clear();
      replays.clear();
      await Promise.all([client, subscriber].map((connection) => (connection.isOpen ? connection.close() : undefined)));
    },
  };
  // connect() keeps retrying until the first success: never awaited, the link is down meanwhile.
  client.connect().catch(lost);
  subscriber.connect().catch(() => undefined);
  return link;
}

/**
 * `remote` through Redis when the link is up, else `local` (in this process): also when the
 * command fails, so an outage noticed mid-request still answers.
 */
export async function shared<T>(link: RedisLink | null, remote: (client: RedisClient) => Promise<T>, local: () => T | Promise<T>): Promise<T> {
  if (!link?.isUp()) return local();
  try {
    return await remote(link.client);
  } catch (error) {
    if (link.isUp() && !isTimeout(error)) console.error("redis: command failed, answered from this process", error);
    return local();
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.constructor.name === "TimeoutError");
}
