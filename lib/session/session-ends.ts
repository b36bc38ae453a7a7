// Sessions ending in this process (sign-out, sign out everywhere), told to what holds a session
// open past its own request: the music player's event streams close at once instead of
// streaming on to a signed-out browser. Another instance's sign-out reaches them through their
// periodic check of the record (lib/music/event-stream.ts). On globalThis: route bundles share it.

type Watcher = { sid: string; userId: string; onEnd: () => void };

const globalKey = Symbol.for("guildhall.session-ends");
type GlobalWithWatchers = typeof globalThis & { [globalKey]?: Set<Watcher> };

function watchers(): Set<Watcher> {
  const store = globalThis as GlobalWithWatchers;
  return (store[globalKey] ??= new Set());
}

/** Calls `onEnd` once when this session, or every session of its user, is ended here; returns the unsubscribe. */
export function watchSessionEnd(session: { sid: string; userId: string }, onEnd: () => void): () => void {
  const watcher = { sid: session.sid, userId: session.userId, onEnd };
  watchers().add(watcher);
  return () => void watchers().delete(watcher);
}

export function announceSessionEnd(sid: string): void {
  announce((watcher) => watcher.sid === sid);
}

export function announceUserSessionsEnd(userId: string): void {
  announce((watcher) => watcher.userId === userId);
}

function announce(ended: (watcher: Watcher) => boolean): void {
  for (const watcher of [...watchers()]) {
    if (!ended(watcher)) continue;
    watchers().delete(watcher);
    watcher.onEnd();
  }
}
