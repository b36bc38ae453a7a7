import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { gunzipSync } from "node:zlib";
import { sendJson } from "../platform/http";

// A local stand-in for Sentry's envelope endpoint (POST /api/{project}/envelope/), what the
// SDKs post events and sessions to. It parses the envelope format: a header line, then items,
// each an item header line (type, optional length) and its payload. Tests start it on port 0
// and read what arrived, as parsed items and as the raw text (to search it for secrets).

export const FAKE_SENTRY_KEY = "fakepublickey0123456789abcdef";

export type EnvelopeItem = { type: string; payload: unknown };
export type Envelope = { header: Record<string, unknown>; items: EnvelopeItem[]; raw: string; project: string };

export type SentryFake = {
  /** A DSN naming this fake (project 1). */
  dsn: string;
  envelopes: Envelope[];
  /** Every item of type "event", oldest first. */
  events(): Record<string, unknown>[];
  close(): Promise<void>;
};

/** Splits an envelope into its header and items (https://develop.sentry.dev/sdk/envelopes/). */
export function parseEnvelope(raw: Buffer): Omit<Envelope, "project"> {
  const text = raw.toString("utf8");
  let offset = text.indexOf("\n");
  const header = JSON.parse(offset === -1 ? text : text.slice(0, offset)) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  let position = offset === -1 ? raw.length : Buffer.byteLength(text.slice(0, offset + 1));
  while (position < raw.length) {
    const end = raw.indexOf(0x0a, position);
    const line = raw.subarray(position, end === -1 ? raw.length : end).toString("utf8");
    position = end === -1 ? raw.length : end + 1;
    if (line.trim() === "") continue;
    const itemHeader = JSON.parse(line) as { type: string; length?: number };
    let payload: Buffer;
    if (typeof itemHeader.length === "number") {
      payload = raw.subarray(position, position + itemHeader.length);
      position += itemHeader.length + 1;
    } else {
      const payloadEnd = raw.indexOf(0x0a, position);
      payload = raw.subarray(position, payloadEnd === -1 ? raw.length : payloadEnd);
      position = payloadEnd === -1 ? raw.length : payloadEnd + 1;
    }
    let parsed: unknown = payload.toString("utf8");
    try {
      parsed = JSON.parse(parsed as string);
    } catch {
      // Attachments and other binary items stay text.
    }
    items.push({ type: itemHeader.type, payload: parsed });
    offset = position;
  }
  return { header, items, raw: text };
}

export async function startSentryFake(): Promise<SentryFake> {
  const envelopes: Envelope[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/api\/(\d+)\/envelope\/?$/.exec(new URL(req.url ?? "/", "http://sentry.invalid").pathname);
    if (!match || req.method !== "POST") return sendJson(res, 404, { detail: "not found" });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    envelopes.push({ ...parseEnvelope(body), project: match[1]! });
    return sendJson(res, 200, { id: envelopes.at(-1)?.header.event_id ?? null });
  };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => void handle(req, res).catch((error: unknown) => sendJson(res, 400, { detail: String(error) })));
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    dsn: `http://${FAKE_SENTRY_KEY}@127.0.0.1:${port}/1`,
    envelopes,
    events: () => envelopes.flatMap((envelope) => envelope.items.filter((item) => item.type === "event").map((item) => item.payload as Record<string, unknown>)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
