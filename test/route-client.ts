// Tests only: calls Next route handlers in-process with a cookie jar, the way a
// browser on APP_URL would (same-origin Origin, XSRF header from the cookie).
import { NextRequest } from "next/server";

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export const APP_ORIGIN = "http://localhost:3000";

export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Applies the Set-Cookie headers of a response (deletions included). */
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /expires=thu, 01 jan 1970/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, decodeURIComponent(value));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  }
}

type CallOptions = {
  method?: string;
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string | string[]>;
  jar?: CookieJar;
  /** Omit the anti-forgery header (the cookie is still sent). */
  noXsrf?: boolean;
  origin?: string | null;
  headers?: Record<string, string>;
  /** Content-Type of a body: application/json unless given here or in `headers`; null sends none. */
  contentType?: string | null;
};

export async function call(handler: RouteHandler, path: string, options: CallOptions = {}): Promise<Response> {
  const jar = options.jar ?? new CookieJar();
  const method = options.method ?? "GET";
  if (method !== "GET" && !jar.cookies.has("XSRF-TOKEN")) jar.cookies.set("XSRF-TOKEN", "test-xsrf-token-0123456789");
  const headers = new Headers(options.headers);
  const cookie = jar.header();
  if (cookie) headers.set("cookie", cookie);
  if (method !== "GET") {
    if (!options.noXsrf) headers.set("x-xsrf-token", jar.cookies.get("XSRF-TOKEN") ?? "");
    if (options.origin !== null) headers.set("origin", options.origin ?? APP_ORIGIN);
  }
  const text = options.body !== undefined ? JSON.stringify(options.body) : options.rawBody;
  // Bytes rather than a string: a string body would get text/plain from the Request itself.
  const body = text === undefined ? undefined : new TextEncoder().encode(text);
  if (body && options.contentType !== undefined) headers.delete("content-type");
  if (body && options.contentType !== null && !headers.has("content-type")) headers.set("content-type", options.contentType ?? "application/json");
  const request = new NextRequest(new URL(path, APP_ORIGIN), { method, headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  jar.store(response);
  return response;
}
