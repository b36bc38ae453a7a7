import "server-only";
import { eventStreamResponse } from "@/lib/http/event-stream-response";
import { ApiError } from "@/lib/http/api-error";
import { claimStreamSlot } from "@/lib/live/stream-slots";
import type { Session } from "@/lib/session/session-cookie";
import { watchSessionEnd } from "@/lib/session/session-ends";
import { sessionIsLive } from "@/lib/session/store";
import { subscribe } from "./live";
import { watchTrackEnd } from "./player";
import type { PlayerState } from "./state";

// GET …/music/guilds/{guild}/events: the player as Server-Sent Events. The first event is the
// state now; each change sends the whole state again (a queue is small), with its version as
// the event id. A comment line every HEARTBEAT_MS keeps proxies from closing an idle stream and
// lets the server notice a gone browser. A stream ends after MAX_STREAM_MS: the browser's
// EventSource reconnects by itself, and the reconnect passes the permission check again, so
// an admin who lost the right to manage the guild stops receiving within that time.
//
// A stream belongs to the session that opened it: it closes as soon as that session is ended
// (sign-out, sign out everywhere; on any instance with REDIS_URL, lib/session/session-ends.ts),
// and at the next heartbeat once its record no longer allows it (idle, expired, or ended on
// another instance without REDIS_URL); the reconnect then gets a 401.
// A session holds at most MAX_STREAMS_PER_SESSION streams at once (each is a connection, a
// subscription and timers kept for minutes): one more is refused with 429.

export const HEARTBEAT_MS = 15_000;
const MAX_STREAM_MS = 10 * 60_000;
export const MAX_STREAMS_PER_SESSION = 5;

const encoder = new TextEncoder();

/** Counts a new stream of the session, or refuses it; returns its release. */
function claimStream(sid: string): () => void {
  return claimStreamSlot("music", sid, MAX_STREAMS_PER_SESSION, () => new ApiError(429, "too_many_streams", `This sign-in already has ${MAX_STREAMS_PER_SESSION} live player connections open. Close another dashboard tab, then reload.`, undefined, 30));
}

function stateEvent(state: PlayerState): Uint8Array {
  return encoder.encode(`id: ${state.version}\nevent: state\ndata: ${JSON.stringify(state)}\n\n`);
}

/**
 * Subscribes before reading the first state, so no change can fall between the two; a read
 * that fails is the route's error answer, not a broken stream.
 */
export async function playerEventStream(guildId: string, session: Session, read: () => Promise<PlayerState>, signal: AbortSignal): Promise<Response> {
  const release = claimStream(session.sid);
  let lastVersion = -1;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const pending: PlayerState[] = [];
  const deliver = (state: PlayerState) => {
    // Two commits can publish out of order, and a state can arrive twice; a browser never goes back.
    if (state.version <= lastVersion) return;
    lastVersion = state.version;
    if (controller) send(stateEvent(state));
    else pending.push(state);
    // A change made on another instance moves this one's timer for the end of the track.
    watchTrackEnd(guildId, state);
  };
  // States published while Redis was down never arrived: the current one is read again.
  const resync = () => void read().then(deliver, () => undefined);
  const unsubscribe = await subscribe(guildId, deliver, resync);
  let first: PlayerState;
  try {
    first = await read();
  } catch (error) {
    unsubscribe();
    release();
    throw error;
  }
  deliver(first);

  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  let unwatch = () => {};
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    unwatch();
    release();
    signal.removeEventListener("abort", stop);
  };
  /** Ends the stream from this side (the browser's EventSource then reconnects, or learns it is signed out). */
  const end = () => {
    stop();
    try {
      controller?.close();
    } catch {
      // Already closed or cancelled by the browser.
    }
  };
  function send(chunk: Uint8Array): void {
    try {
      controller?.enqueue(chunk);
    } catch {
      stop();
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
      send(encoder.encode("retry: 3000\n\n"));
      for (const state of pending.splice(0)) send(stateEvent(state));
      heartbeat = setInterval(() => {
        send(encoder.encode(": ping\n\n"));
        // A failing database is not a sign-out: the stream stays until the next check.
        void sessionIsLive(session).then((live) => live || end(), () => undefined);
      }, HEARTBEAT_MS);
      lifetime = setTimeout(end, MAX_STREAM_MS);
      unwatch = watchSessionEnd(session, end);
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop);
    },
    cancel() {
      stop();
    },
  });
  return eventStreamResponse(body);
}
