import "server-only";

// How many long-lived streams a session holds open in this process (the music player's event
// streams, the realtime channel): each is a connection, subscriptions and timers kept for
// minutes, so each kind has a cap per session. On globalThis: route bundles share the counts.

const slotsKey = Symbol.for("guildhall.live.stream-slots");
type GlobalWithSlots = typeof globalThis & { [slotsKey]?: Map<string, number> };
const open = () => ((globalThis as GlobalWithSlots)[slotsKey] ??= new Map());

/** Counts one more stream of `kind` for `sid`, or throws `refuse()` at `max`; returns its release (idempotent). */
export function claimStreamSlot(kind: string, sid: string, max: number, refuse: () => Error): () => void {
  const key = `${kind}:${sid}`;
  const count = open().get(key) ?? 0;
  if (count >= max) throw refuse();
  open().set(key, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open().get(key) ?? 1) - 1;
    if (left > 0) open().set(key, left);
    else open().delete(key);
  };
}
