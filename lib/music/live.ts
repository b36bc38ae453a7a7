import "server-only";
import type { PlayerState } from "./state";

// Live updates of the players, per guild, inside this process: the event streams of open
// dashboards subscribe, every saved change publishes. Limit: with several instances a change
// made on one reaches only the streams held by that one. The next step is to send the guild id
// through Postgres (pg_notify in the transaction that writes the change; each instance LISTENs
// and re-reads the state) or Redis pub/sub; states carry a version, so a duplicate or late
// delivery is harmless. Kept on globalThis so Next's module copies share one hub.

type Listener = (state: PlayerState) => void;
type Topic = { listeners: Set<Listener>; timer: ReturnType<typeof setTimeout> | null };

const hubKey = Symbol.for("guildhall.music.live");
type GlobalWithHub = typeof globalThis & { [hubKey]?: Map<string, Topic> };

function hub(): Map<string, Topic> {
  const store = globalThis as GlobalWithHub;
  return (store[hubKey] ??= new Map());
}

/** Hears every state published for the guild from now on; returns the unsubscribe. */
export function subscribe(guildId: string, listener: Listener): () => void {
  const topics = hub();
  const topic = topics.get(guildId) ?? { listeners: new Set(), timer: null };
  topics.set(guildId, topic);
  topic.listeners.add(listener);
  return () => {
    topic.listeners.delete(listener);
    if (topic.listeners.size > 0) return;
    // Nobody watches any more: no timer keeps advancing this guild's player.
    if (topic.timer) clearTimeout(topic.timer);
    topics.delete(guildId);
  };
}

export function publish(guildId: string, state: PlayerState): void {
  for (const listener of hub().get(guildId)?.listeners ?? []) listener(state);
}

/**
 * Runs `task` once after `delayMs`, replacing the guild's earlier one, only while someone
 * listens (the player advances to the next track when the current one ends). Without
 * listeners nothing is scheduled: the next read computes where playback is from started_at.
 */
export function scheduleWhileWatched(guildId: string, delayMs: number | null, task: () => void): void {
  const topic = hub().get(guildId);
  if (!topic) return;
  if (topic.timer) clearTimeout(topic.timer);
  topic.timer = null;
  if (delayMs === null) return;
  topic.timer = setTimeout(() => {
    topic.timer = null;
    task();
  }, delayMs);
  // A watched player never keeps a process (or a test run) alive on its own.
  topic.timer.unref?.();
}

export function listenerCount(guildId: string): number {
  return hub().get(guildId)?.listeners.size ?? 0;
}
