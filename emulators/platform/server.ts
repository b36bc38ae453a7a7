import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

import { handleApi } from "./api";
import { handleAuthorizeGet, handleAuthorizePost } from "./authorize";
import type { CallStats } from "./calls";
import { handleCdn } from "./cdn";
import { EmulatorContext } from "./context";
import { handleControl, type Controls } from "./control";
import type { Fault } from "./faults";
import { HttpError, sendJson, sendText } from "./http";
import { handleMessagePage, isMessagePage } from "./message-page";
import { storedMessages, type StoredMessage } from "./messages";
import { BOT_USER_ID, type PlatformState, type ResetOptions } from "./state";

// The emulator's HTTP server. One instance per call, sharing nothing, so
// jest files can each start their own on port 0.

export type { CallStats } from "./calls";
export type { Fault } from "./faults";
export type { MessageRecord, StoredMessage } from "./messages";
export type { PlatformState, ResetOptions } from "./state";

export interface StartOptions {
  /** 0 picks a free port. Default 3100. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** No request log on stdout. */
  quiet?: boolean;
  /** Some human members react after the bot's first reaction on its own message (crowd.ts). */
  crowdReactions?: boolean;
}

export interface PlatformEmulator {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** State back to the fixtures; clears faults, call counts and rate-limit buckets. */
  reset(options?: ResetOptions): void;
  injectFault(fault: Fault): void;
  clearFaults(): void;
  calls(): CallStats;
  resetCalls(): void;
  /** Lifetime of access tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  /**
   * Messages posted through the API (as the bot sees them), oldest first: one
   * channel's, or every channel's. Throws for a channel that does not exist.
   */
  messages(channelId?: string): StoredMessage[];
  state: PlatformState;
}

async function route(req: IncomingMessage, res: ServerResponse, context: EmulatorContext, controls: Controls): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://emulator.invalid");
  const path = url.pathname;
  if (path === "/api" || path.startsWith("/api/")) return handleApi(req, res, url, context);
  if (path === "/oauth2/authorize") {
    if (method === "GET") return handleAuthorizeGet(req, res, url, context);
    if (method === "POST") return handleAuthorizePost(req, res, context);
    return sendText(res, 405, "405: Method Not Allowed", { Allow: "GET, POST" });
  }
  if (path.startsWith("/cdn/")) return handleCdn(res, url, method, context);
  if (method === "GET" && isMessagePage(path)) return handleMessagePage(res, path, context.state);
  if (path === "/__emulator" || path.startsWith("/__emulator/")) return handleControl(req, res, url, controls);
  if (path === "/" && method === "GET") {
    return sendJson(res, 200, {
      name: "Guildhall platform emulator",
      api: "/api/v10",
      authorize: "/oauth2/authorize",
      cdn: "/cdn",
      control: "/__emulator",
    });
  }
  sendText(res, 404, "404: Not Found");
}

function fail(res: ServerResponse, req: IncomingMessage, error: unknown): void {
  const wantsJson = !(req.url ?? "").startsWith("/oauth2/") && !(req.url ?? "").startsWith("/cdn/");
  const status = error instanceof HttpError ? error.status : 500;
  const message = error instanceof HttpError ? error.message : "500: Internal Server Error";
  if (!(error instanceof HttpError)) console.error("[platform emulator]", error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Discord's code for unparseable JSON bodies; 0 for everything else.
  const code = status === 400 && message.includes("JSON") ? 50109 : 0;
  if (wantsJson) sendJson(res, status, { message, code });
  else sendText(res, status, message);
}

function displayHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

export async function startPlatformEmulator(options: StartOptions = {}): Promise<PlatformEmulator> {
  const host = options.host ?? "127.0.0.1";
  const context = new EmulatorContext({ quiet: options.quiet ?? false });
  const { state } = context;
  state.crowdReactions = options.crowdReactions ?? false;

  const controls: Controls = {
    state,
    reset: (resetOptions) => context.reset(resetOptions),
    injectFault: (fault) => void context.faults.add(fault),
    clearFaults: () => context.faults.clear(),
    faults: () => context.faults.list(),
    calls: () => context.calls.snapshot(),
    resetCalls: () => context.calls.reset(),
    setAccessTokenTtl(seconds) {
      if (!Number.isInteger(seconds) || seconds < 1) throw new RangeError("access token TTL must be a positive whole number of seconds");
      state.accessTokenTtlSeconds = seconds;
    },
    messages: (channelId) => storedMessages(state, BOT_USER_ID, channelId),
  };

  const server = createServer((req, res) => {
    const started = Date.now();
    if (!context.quiet) {
      res.on("finish", () => {
        const path = (req.url ?? "/").split("?")[0];
        console.log(`${req.method} ${path} → ${res.statusCode} (${Date.now() - started} ms)`);
      });
    }
    route(req, res, context, controls).catch((error: unknown) => fail(res, req, error));
  });
  // Discord's edge keeps idle connections open for minutes. Node's default of 5 s races the
  // client's pool: the app, sharing this process in tests, sends on a socket the server is
  // closing and gets ECONNRESET on both the attempt and its retry (seen in CI as bursts of 502).
  server.keepAliveTimeout = 70_000;
  // Malformed HTTP (bad request line, oversized headers) gets a plain answer.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  // closeAllConnections() misses sockets that never became requests (those
  // answered by clientError), so track every socket to end them all on close.
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 3100, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${displayHost(host)}:${port}`,
    port,
    state,
    reset: controls.reset,
    injectFault: controls.injectFault,
    clearFaults: controls.clearFaults,
    calls: controls.calls,
    resetCalls: controls.resetCalls,
    setAccessTokenTtl: controls.setAccessTokenTtl,
    messages(channelId) {
      const messages = controls.messages(channelId);
      if (!messages) throw new RangeError(`no channel ${channelId ?? ""} in the emulator`);
      return messages;
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        context.cancelSleeps();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets (fetch pools them) would hold close() open.
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
