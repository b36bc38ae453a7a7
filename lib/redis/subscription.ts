import "server-only";
import type { RedisLink } from "./link";

/**
 * Subscribes `listener` to `channel` on the link's pub/sub connection for as long as the link
 * lives. Once Redis acknowledged it, the client subscribes again by itself after each outage;
 * a first attempt that fails (Redis down at start) is made again each time the connection is
 * back. Resolves at the first acknowledgement: from then on, every message published on the
 * channel by any instance reaches `listener`.
 */
export function keepSubscribed(link: RedisLink, channel: string, listener: (message: string) => void): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const attempt = () => {
      link.subscriber.subscribe(channel, listener).then(
        () => {
          done = true;
          stopRetrying();
          resolve();
        },
        () => undefined,
      );
    };
    const stopRetrying = link.onSubscriberReady(() => {
      if (!done) attempt();
    });
    attempt();
  });
}
