import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { HttpError, readBody, sendJson } from "../platform/http";

// A local stand-in for Amplitude's HTTP V2 API (POST /2/httpapi), the endpoint both official
// SDKs upload to. It answers as Amplitude does, with the status repeated as `code` in a JSON
// body (the SDKs read the body's code, not the status line): 200 with events_ingested; 400 for a
// wrong key or with the indexes of refused events (events_with_missing_fields,
// events_with_invalid_id_lengths); 413 when a request holds more events than it takes; 429 with
// the indexes of throttled events. A control API under /__fake shows what arrived and queues
// answers. One instance per call; tests start it on port 0 (test/amplitude-harness.ts).

export const FAKE_AMPLITUDE_KEY = "fake-amplitude-project-key";

export type AmplitudeEvent = { event_type?: string; user_id?: string; device_id?: string; insert_id?: string; [field: string]: unknown };
export type AmplitudeUpload = { api_key?: string; events?: AmplitudeEvent[]; options?: unknown; client_upload_time?: string };

/** An answer the fake gives to the next upload instead of judging it. */
export type ForcedAnswer = { status: 429; throttledEvents: number[] } | { status: 500 | 503 };

export type AmplitudeFakeOptions = { port?: number; host?: string; apiKey?: string; maxEventsPerRequest?: number };

export type AmplitudeFake = {
  /** The upload URL, as AMPLITUDE_SERVER_URL takes it. */
  url: string;
  /** Every upload that reached the fake, its answer's code beside it, oldest first. */
  uploads: { body: AmplitudeUpload; code: number }[];
  /** Events the fake took (in uploads answered 200), oldest first. */
  ingested(): AmplitudeEvent[];
  /** Queues answers for the next uploads, in order. */
  force(...answers: ForcedAnswer[]): void;
  /** Holds every upload unanswered until the returned function is called (a slow or stalled Amplitude). */
  stall(): () => void;
  /** More events than this in one request answer 413 (Amplitude's limit is on bytes; a count is easier to aim at). */
  setMaxEventsPerRequest(max: number): void;
  close(): Promise<void>;
};

const MIN_ID_LENGTH = 5;

export async function startAmplitudeFake(options: AmplitudeFakeOptions = {}): Promise<AmplitudeFake> {
  const apiKey = options.apiKey ?? FAKE_AMPLITUDE_KEY;
  let maxEvents = options.maxEventsPerRequest ?? 2000;
  const forced: ForcedAnswer[] = [];
  let stalled: Promise<void> = Promise.resolve();
  const uploads: { body: AmplitudeUpload; code: number }[] = [];
  const ingested: AmplitudeEvent[] = [];

  const answer = (res: ServerResponse, body: AmplitudeUpload, status: number, fields: Record<string, unknown>) => {
    uploads.push({ body, code: status });
    sendJson(res, status, { code: status, ...fields });
  };

  const upload = (res: ServerResponse, body: AmplitudeUpload) => {
    if (body.api_key !== apiKey) return answer(res, body, 400, { error: `Invalid API key: ${String(body.api_key)}` });
    const events = Array.isArray(body.events) ? body.events : [];
    if (events.length === 0) return answer(res, body, 400, { error: "Request missing required field", missing_field: "events" });
    const next = forced.shift();
    if (next?.status === 429) {
      return answer(res, body, 429, { error: "Too many requests for some devices and users", eps_threshold: 30, throttled_devices: {}, throttled_users: {}, throttled_events: next.throttledEvents, exceeded_daily_quota_users: {}, exceeded_daily_quota_devices: {} });
    }
    if (next) return answer(res, body, next.status, { error: "Internal error" });
    if (events.length > maxEvents) return answer(res, body, 413, { error: "Payload too large" });
    const missing: number[] = [];
    const shortIds: Record<string, number[]> = {};
    events.forEach((event, index) => {
      if (!event.event_type || (!event.user_id && !event.device_id)) missing.push(index);
      for (const field of ["user_id", "device_id"] as const) {
        const id = event[field];
        if (typeof id === "string" && id.length < MIN_ID_LENGTH) (shortIds[field] ??= []).push(index);
      }
    });
    const refused = new Set([...missing, ...Object.values(shortIds).flat()]);
    if (refused.size > 0) {
      // Nothing of a 400 is kept: the SDKs drop the events named by index and send the rest again.
      return answer(res, body, 400, { error: "Request contained invalid events", events_with_missing_fields: missing.length > 0 ? { event_type_or_id: missing } : {}, events_with_invalid_id_lengths: shortIds, events_with_invalid_fields: {}, silenced_events: [] });
    }
    ingested.push(...events);
    return answer(res, body, 200, { events_ingested: events.length, payload_size_bytes: JSON.stringify(body).length, server_upload_time: Date.now() });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? "GET").toUpperCase();
    const { pathname } = new URL(req.url ?? "/", "http://amplitude.invalid");
    if (pathname === "/2/httpapi" && method === "POST") {
      await stalled;
      let body: AmplitudeUpload;
      try {
        body = JSON.parse(await readBody(req, 20 * 1024 * 1024)) as AmplitudeUpload;
      } catch {
        return sendJson(res, 400, { code: 400, error: "Invalid JSON request body" });
      }
      return upload(res, body);
    }
    // curl $URL/__fake/received
    if (pathname === "/__fake/received" && method === "GET") return sendJson(res, 200, { uploads, ingested });
    return sendJson(res, 404, { code: 404, error: "Not found" });
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, error instanceof HttpError ? error.status : 500, { code: error instanceof HttpError ? error.status : 500, error: String(error) }));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/2/httpapi`,
    uploads,
    ingested: () => [...ingested],
    force: (...answers) => void forced.push(...answers),
    stall() {
      let release!: () => void;
      stalled = new Promise((resolve) => (release = resolve));
      return release;
    },
    setMaxEventsPerRequest: (max) => void (maxEvents = max),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
