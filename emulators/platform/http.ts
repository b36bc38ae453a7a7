import type { IncomingMessage, ServerResponse } from "node:http";

// Small helpers over node:http so handlers read like a framework would,
// without depending on one.

export type Headers = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_BODY_BYTES = 1024 * 1024;

export function send(res: ServerResponse, status: number, body: string | Buffer, headers: Headers): void {
  if (res.headersSent) return;
  res.writeHead(status, { "Content-Length": String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  send(res, status, JSON.stringify(body), { "Content-Type": "application/json", ...headers });
}

/** An answer without a body (204): no Content-Type, no Content-Length. */
export function sendEmpty(res: ServerResponse, status: number, headers: Headers = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, headers);
  res.end();
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Headers = {}): void {
  send(res, status, html, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    // The pages are self-contained: inline styles and one inline script.
    // form-action must allow the redirect to the app that follows the POST.
    "Content-Security-Policy":
      "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:",
    ...headers,
  });
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Headers = {}): void {
  send(res, status, text, { "Content-Type": "text/plain; charset=utf-8", ...headers });
}

export function redirect(res: ServerResponse, location: string, headers: Headers = {}): void {
  send(res, 302, "", { Location: location, "Cache-Control": "no-store", ...headers });
}

/** Reads the whole body, refusing anything larger than `limit` with 413. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new HttpError(413, "Request entity too large"));
        // Keep reading so the client gets our answer instead of a reset socket.
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
    });
  });
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = req.headers["content-type"] ?? "";
  const body = await readBody(req);
  // Discord only reads url-encoded forms on these endpoints; anything else
  // arrives as no parameters at all.
  return type.toLowerCase().startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(body) : new URLSearchParams();
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req);
  if (body.trim() === "") return {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new HttpError(400, "The request body contains invalid JSON.");
  }
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** First value of each parameter, as zod schemas expect plain objects. */
export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in object)) object[key] = value;
  return object;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
