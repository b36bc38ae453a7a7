// Tests only: a Server-Sent Events listener on one instance's own port (with APP_URL's Host, as
// the proxy forwards it), for the live events that must reach every instance's listeners.
import http from "node:http";

export type SseEvent = { event: string; id: string; data: string };

export interface SseListener {
  /** The status and content type the stream answered with. */
  opened: Promise<{ status: number; contentType: string }>;
  /** Resolves with the first event (already heard, or to come) that `match` accepts. */
  next(match: (event: SseEvent) => boolean): Promise<SseEvent>;
  close(): void;
}

export function listenSse(port: number, host: string, path: string, headers: Record<string, string>): SseListener {
  const heard: SseEvent[] = [];
  const waiting: Array<{ match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void; reject: (error: Error) => void }> = [];
  let ended: Error | null = null;
  const settle = () => {
    for (const waiter of [...waiting]) {
      const found = heard.find(waiter.match);
      if (found) waiter.resolve(found);
      else if (ended) waiter.reject(ended);
      else continue;
      waiting.splice(waiting.indexOf(waiter), 1);
    }
  };
  let opened!: (value: { status: number; contentType: string }) => void;
  let failed!: (error: Error) => void;
  const openedPromise = new Promise<{ status: number; contentType: string }>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  const request = http.request({ host: "127.0.0.1", port, path, headers: { ...headers, host, accept: "text/event-stream" } }, (response) => {
    opened({ status: response.statusCode ?? 0, contentType: String(response.headers["content-type"] ?? "") });
    response.setEncoding("utf8");
    let buffer = "";
    response.on("data", (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { event: "message", id: "", data: "" };
        for (const line of block.split("\n")) {
          const colon = line.indexOf(":");
          if (colon === 0) continue; // a comment (the heartbeat)
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "event") event.event = value;
          else if (field === "id") event.id = value;
          else if (field === "data") event.data = event.data ? `${event.data}\n${value}` : value;
        }
        if (event.data || event.id) heard.push(event);
      }
      settle();
    });
    response.on("end", () => {
      ended = new Error(`the stream on :${port}${path} ended`);
      settle();
    });
  });
  request.on("error", (error) => {
    ended = error;
    failed(error);
    settle();
  });
  request.end();
  return {
    opened: openedPromise,
    next: (match) =>
      new Promise((resolve, reject) => {
        waiting.push({ match, resolve, reject });
        settle();
      }),
    close: () => request.destroy(),
  };
}
