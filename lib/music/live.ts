import "server-only";
import { topicHub } from "@/lib/live/hub";
import type { PlayerState } from "./state";

// Live updates of the players, per guild: the event streams of open dashboards subscribe, every
// saved change publishes, and each change reaches the streams of every instance (lib/live/hub.ts:
// Redis pub/sub with REDIS_URL, this process without). States carry a version, so a duplicate or
// late delivery is harmless. The timer that moves a watched player to its next track is each
// instance's own, armed while it has listeners (on globalThis, like the hub: Next's module copies
// share them).

type Listener = (state: PlayerState) => void;

const hub = () => topicHub<PlayerState>("music");

const timersKey = Symbol.for("guildhall.music.timers");
type GlobalWithTimers = typeof globalThis & { [timersKey]?: Map<string, ReturnType<typeof setTimeout>> };

function timers(): Map<string, ReturnType<typeof setTimeout>> {
  const store = globalThis as GlobalWithTimers;
  return (store[timersKey] ??= new Map());
}

/**
 * Hears every state published for the guild from now on, on any instance; `onResync` runs when
 * states may have been missed (Redis was down). Resolves with the unsubscribe.
 */
export async function subscribe(guildId: string, listener: Listener, onResync?: () => void): Promise<() => void> {
  const unsubscribe = await hub().subscribe(guildId, listener, onResync);
  return () => {
    unsubscribe();
    if (hub().listenerCount(guildId) > 0) return;
    // Nobody watches here any more: no timer keeps advancing this guild's player.
    clearTimeout(timers().get(guildId));
    timers().delete(guildId);
  };
}

export function publish(guildId: string, state: PlayerState): Promise<void> {
  return hub().publish(guildId, state);
}

/**
 * Runs `task` once after `delayMs`, replacing the guild's earlier one, only while someone
 * listens here (the player advances to the next track when the current one ends). Without
 * listeners nothing is scheduled: the next read computes where playback is from started_at.
 */
export function scheduleWhileWatched(guildId: string, delayMs: number | null, task: () => void): void {
  clearTimeout(timers().get(guildId));
  timers().delete(guildId);
  if (delayMs === null || hub().listenerCount(guildId) === 0) return;
  const timer = setTimeout(() => {
    timers().delete(guildId);
    task();
  }, delayMs);
  // A watched player never keeps a process (or a test run) alive on its own.
  timer.unref?.();
  timers().set(guildId, timer);
}

export function listenerCount(guildId: string): number {
  return hub().listenerCount(guildId);
}
