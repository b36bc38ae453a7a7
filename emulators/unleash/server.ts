import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { HttpError, readBody, sendEmpty, sendJson } from "../platform/http";

// A local stand-in for an Unleash server's client API, the part the Node SDK (unleash-client)
// speaks: GET /api/client/features (with ETag and 304), POST /api/client/register and POST
// /api/client/metrics, each behind the server-side client token in Authorization. A control
// API under /__fake changes flags and shows what arrived. One instance per call, sharing
// nothing; tests start it on port 0 (test/unleash-harness.ts).

/** A flag as /api/client/features lists it (strategies, variants… kept as given). */
export type FakeFeature = { name: string; enabled: boolean; strategies?: unknown[]; variants?: unknown[]; impressionData?: boolean; [field: string]: unknown };

export const FAKE_UNLEASH_TOKEN = "default:development.fake-unleash-client-token";

export type UnleashFakeOptions = { port?: number; host?: string; apiToken?: string; features?: FakeFeature[] };

export type UnleashFake = {
  /** The client API's base, as UNLEASH_URL takes it (…/api). */
  url: string;
  /** Replaces every flag. */
  setFeatures(features: FakeFeature[]): void;
  /** Turns one flag on or off (it is made, with the default strategy, when missing). */
  setEnabled(name: string, enabled: boolean): void;
  /** What the SDKs posted to /client/register and /client/metrics, oldest first. */
  registrations: unknown[];
  metrics: unknown[];
  /** Features fetches answered, by status (200 or 304). */
  fetches: number[];
  close(): Promise<void>;
};

/** A flag on for everyone (Unleash's default strategy). */
export function onForEveryone(name: string, enabled = true): FakeFeature {
  return { name, enabled, impressionData: false, strategies: [{ name: "default", parameters: {}, constraints: [] }], variants: [] };
}

export async function startUnleashFake(options: UnleashFakeOptions = {}): Promise<UnleashFake> {
  const token = options.apiToken ?? FAKE_UNLEASH_TOKEN;
  let features: FakeFeature[] = options.features ?? [];
  const fake = { registrations: [] as unknown[], metrics: [] as unknown[], fetches: [] as number[] };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? "GET").toUpperCase();
    const { pathname } = new URL(req.url ?? "/", "http://unleash.invalid");
    if (pathname.startsWith("/__fake/")) return control(method, pathname, req, res);
    if (!pathname.startsWith("/api/client/")) return sendJson(res, 404, { name: "NotFoundError", message: "Not found" });
    if (req.headers.authorization !== token) return sendJson(res, 401, { name: "AuthenticationRequired", message: "You must log in to use Unleash." });
    if (pathname === "/api/client/features" && method === "GET") {
      const body = JSON.stringify({ version: 2, features, query: { environment: "development", inlineSegmentConstraints: true } });
      const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}:v1"`;
      if (req.headers["if-none-match"] === etag) {
        fake.fetches.push(304);
        return sendEmpty(res, 304, { ETag: etag });
      }
      fake.fetches.push(200);
      return sendJson(res, 200, JSON.parse(body), { ETag: etag });
    }
    if (pathname === "/api/client/register" && method === "POST") {
      fake.registrations.push(JSON.parse(await readBody(req)));
      return sendEmpty(res, 202);
    }
    if (pathname === "/api/client/metrics" && method === "POST") {
      fake.metrics.push(JSON.parse(await readBody(req)));
      return sendEmpty(res, 202);
    }
    return sendJson(res, 404, { name: "NotFoundError", message: "Not found" });
  };

  // curl -X PATCH $URL/__fake/features/automod_dry_run -d '{"enabled":false}'
  const control = async (method: string, pathname: string, req: IncomingMessage, res: ServerResponse) => {
    const named = /^\/__fake\/features\/([\w.~-]+)$/.exec(pathname)?.[1];
    if (named && method === "PATCH") {
      const { enabled } = JSON.parse(await readBody(req)) as { enabled: boolean };
      api.setEnabled(named, enabled);
      return sendJson(res, 200, { name: named, enabled });
    }
    if (pathname === "/__fake/features" && method === "PUT") {
      api.setFeatures((JSON.parse(await readBody(req)) as { features: FakeFeature[] }).features);
      return sendJson(res, 200, { features });
    }
    if (pathname === "/__fake/received" && method === "GET") return sendJson(res, 200, { registrations: fake.registrations, metrics: fake.metrics, fetches: fake.fetches });
    return sendJson(res, 404, { message: "Not found" });
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return sendJson(res, error.status, { message: error.message });
      sendJson(res, 400, { name: "BadDataError", message: String(error) });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const api: UnleashFake = {
    url: `http://${host}:${(server.address() as AddressInfo).port}/api`,
    setFeatures: (next) => void (features = next),
    setEnabled(name, enabled) {
      const existing = features.find((feature) => feature.name === name);
      features = existing ? features.map((feature) => (feature === existing ? { ...feature, enabled } : feature)) : [...features, onForEveryone(name, enabled)];
    },
    ...fake,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return api;
}
