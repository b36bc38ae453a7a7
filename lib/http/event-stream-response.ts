import "server-only";

/** A server-sent-events answer (the music player's and the realtime channel's streams). */
export function eventStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      // Proxies that buffer (nginx) would hold the events back.
      "X-Accel-Buffering": "no",
    },
  });
}
