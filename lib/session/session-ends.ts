import "server-only";
import { topicHub, type TopicHub } from "@/lib/live/hub";

// Sessions that end (sign-out, sign out everywhere), told to what holds a session open past its
// own request: the music player's event streams close at once instead of streaming on to a
// signed-out browser. Told to every instance: the end is published through lib/live (Redis
// pub/sub with REDIS_URL, this process without). On globalThis: route bundles share the watchers.

type Watcher = { sid: string; userId: string; onEnd: () => void };
type Ended = { sid: string } | { userId: string };

const TOPIC = "ended";
const globalKey = Symbol.for("guildhall.session-ends");
type State = { watchers: Set<Watcher>; listening: WeakMap<TopicHub<Ended>, Promise<unknown>> };
type GlobalWithWatchers = typeof globalThis & { [globalKey]?: State };

function state(): State {
  const store = globalThis as GlobalWithWatchers;
  return (store[globalKey] ??= { watchers: new Set(), listening: new WeakMap() });
}

/** This process's hub for session ends, listened to once (its messages end the watchers here). */
function hub(): { hub: TopicHub<Ended>; listening: Promise<unknown> } {
  const sessions = topicHub<Ended>("session-ends");
  const { listening } = state();
  let ready = listening.get(sessions);
  if (!ready) {
    ready = sessions.subscribe(TOPIC, (ended) => endHere(ended));
    listening.set(sessions, ready);
  }
  return { hub: sessions, listening: ready };
}

/** Calls `onEnd` once when this session, or every session of its user, is ended on any instance; returns the unsubscribe. */
export function watchSessionEnd(session: { sid: string; userId: string }, onEnd: () => void): () => void {
  void hub().listening;
  const watcher = { sid: session.sid, userId: session.userId, onEnd };
  state().watchers.add(watcher);
  return () => void state().watchers.delete(watcher);
}

export function announceSessionEnd(sid: string): Promise<void> {
  return announce({ sid });
}

export function announceUserSessionsEnd(userId: string): Promise<void> {
  return announce({ userId });
}

async function announce(ended: Ended): Promise<void> {
  const sessions = hub();
  // Heard here through the hub like everywhere else, so this process listens before it tells.
  await sessions.listening;
  await sessions.hub.publish(TOPIC, ended);
}

function endHere(ended: Ended): void {
  const { watchers } = state();
  for (const watcher of [...watchers]) {
    if ("sid" in ended ? watcher.sid !== ended.sid : watcher.userId !== ended.userId) continue;
    watchers.delete(watcher);
    watcher.onEnd();
  }
}
