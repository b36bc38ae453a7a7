import "server-only";
import { subscribe } from "./live";
import { watchTrackEnd } from "./player";
import type { PlayerState } from "./state";

// GET …/music/guilds/{guild}/events: the player as Server-Sent Events. The first event is the
// state now; each change sends the whole state again (a queue is small), with its version as
// the event id. A comment line every HEARTBEAT_MS keeps proxies from closing an idle stream and
// lets the server notice a gone browser. A stream ends after MAX_STREAM_MS: the browser's
// EventSource reconnects by itself, and the reconnect passes the permission check again, so
// an admin who lost the right to manage the guild stops receiving within that time.

export const HEARTBEAT_MS = 15_000;
const MAX_STREAM_MS = 10 * 60_000;

const encoder = new TextEncoder();

function stateEvent(state: PlayerState): Uint8Array {
  return encoder.encode(`id: ${state.version}\nevent: state\ndata: ${JSON.stringify(state)}\n\n`);
}

/**
 * Subscribes before reading the first state, so no change can fall between the two; a read
 * that fails is the route's error answer, not a broken stream.
 */
export async function playerEventStream(guildId: string, read: () => Promise<PlayerState>, signal: AbortSignal): Promise<Response> {
  let lastVersion = -1;
  let latest: PlayerState | null = null;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const pending: PlayerState[] = [];
  const deliver = (state: PlayerState) => {
    // Two commits can publish out of order; a browser never goes back.
    if (state.version <= lastVersion) return;
    lastVersion = state.version;
    latest = state;
    if (controller) send(stateEvent(state));
    else pending.push(state);
  };
  const unsubscribe = subscribe(guildId, deliver);
  let first: PlayerState;
  try {
    first = await read();
  } catch (error) {
    unsubscribe();
    throw error;
  }
  deliver(first);

  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    signal.removeEventListener("abort", stop);
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
      heartbeat = setInterval(() => send(encoder.encode(": ping\n\n")), HEARTBEAT_MS);
      lifetime = setTimeout(() => {
        stop();
        opened.close();
      }, MAX_STREAM_MS);
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop);
      watchTrackEnd(guildId, latest ?? first);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      // Proxies that buffer (nginx) would hold the events back.
      "X-Accel-Buffering": "no",
    },
  });
}
