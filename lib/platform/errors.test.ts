/** @jest-environment node */
import { DiscordAPIError, HTTPError, RateLimitError } from "@discordjs/rest";

import { PlatformError, isTransientPlatformError, rethrowAsPlatformError, toPlatformError } from "./errors";

const body = { body: undefined, files: undefined };

function apiError(status: number, raw: object, code: number | string) {
  return new DiscordAPIError(raw as never, code, status, "GET", "https://discord.com/api/v10/guilds/1", body);
}

describe("toPlatformError", () => {
  it.each([
    [400, "bad_request"],
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "not_found"],
    [422, "bad_request"],
    [429, "rate_limited"],
  ] as const)("maps a DiscordAPIError %i to %s", (status, kind) => {
    const mapped = toPlatformError(apiError(status, { code: 0, message: "x" }, 0));
    expect(mapped).toBeInstanceOf(PlatformError);
    expect(mapped).toMatchObject({ status, kind });
  });

  it("keeps the platform's JSON error code", () => {
    const mapped = toPlatformError(apiError(403, { code: 50001, message: "Missing Access" }, 50001));
    expect(mapped).toMatchObject({ kind: "forbidden", status: 403, code: 50001 });
    expect(mapped?.message).toContain("Missing Access");
  });

  it("keeps the OAuth2 error string, not as a numeric code", () => {
    const mapped = toPlatformError(apiError(400, { error: "invalid_grant" }, "invalid_grant"));
    expect(mapped).toMatchObject({ kind: "bad_request", oauthError: "invalid_grant" });
    expect(mapped?.code).toBeUndefined();
  });

  it("reads retry_after from a 429 body", () => {
    const mapped = toPlatformError(apiError(429, { code: 0, message: "limited", retry_after: 12.5 }, 0));
    expect(mapped).toMatchObject({ kind: "rate_limited", retryAfter: 12.5 });
  });

  it("maps HTTPError (5xx after retries) to server", () => {
    const mapped = toPlatformError(new HTTPError(503, "Service Unavailable", "GET", "https://x/api", body));
    expect(mapped).toMatchObject({ kind: "server", status: 503 });
    expect(toPlatformError(new HTTPError(504, "Gateway Timeout", "GET", "https://x/api", body))).toMatchObject({
      kind: "timeout",
    });
  });

  it("maps RateLimitError to rate_limited with retryAfter in seconds", () => {
    const error = new RateLimitError({
      timeToReset: 30_000,
      limit: 1,
      method: "get",
      hash: "h",
      url: "https://x/api/v10/users/@me/guilds",
      route: "/users/@me/guilds",
      majorParameter: "global",
      global: false,
      retryAfter: 30_050,
      sublimitTimeout: 0,
      scope: "user",
    });
    expect(toPlatformError(error)).toMatchObject({ kind: "rate_limited", status: 429, retryAfter: 30.05 });
  });

  it("maps aborts and timeouts to timeout", () => {
    const abort = Object.assign(new Error("This operation was aborted"), { name: "AbortError" });
    expect(toPlatformError(abort)).toMatchObject({ kind: "timeout", status: 504 });
    const timeout = Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    expect(toPlatformError(timeout)).toMatchObject({ kind: "timeout" });
    const connect = Object.assign(new Error("Connect Timeout Error"), { code: "UND_ERR_CONNECT_TIMEOUT" });
    expect(toPlatformError(connect)).toMatchObject({ kind: "timeout" });
  });

  it("maps undici and fetch network failures to network", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    expect(toPlatformError(refused)).toMatchObject({ kind: "network", status: 502 });
    const socket = Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
    expect(toPlatformError(socket)).toMatchObject({ kind: "network" });
    const wrapped = new TypeError("fetch failed", { cause: refused });
    expect(toPlatformError(wrapped)).toMatchObject({ kind: "network" });
    expect(toPlatformError(new TypeError("fetch failed"))).toMatchObject({ kind: "network" });
  });

  it("returns PlatformErrors unchanged and leaves unrelated errors alone", () => {
    const existing = new PlatformError("x", { kind: "server", status: 500 });
    expect(toPlatformError(existing)).toBe(existing);
    expect(toPlatformError(new TypeError("Cannot read properties of undefined"))).toBeUndefined();
    expect(toPlatformError("string")).toBeUndefined();
    expect(toPlatformError(null)).toBeUndefined();
  });

  it("rethrowAsPlatformError maps or rethrows the original", () => {
    const bug = new RangeError("bug");
    expect(() => rethrowAsPlatformError(bug)).toThrow(bug);
    expect(() => rethrowAsPlatformError(apiError(404, { code: 10004, message: "Unknown Guild" }, 10004))).toThrow(
      PlatformError,
    );
  });
});

describe("isTransientPlatformError", () => {
  it.each([
    ["rate_limited", true],
    ["server", true],
    ["timeout", true],
    ["network", true],
    ["unauthorized", false],
    ["forbidden", false],
    ["not_found", false],
    ["bad_request", false],
  ] as const)("%s → %s", (kind, transient) => {
    expect(isTransientPlatformError(new PlatformError("x", { kind, status: 500 }))).toBe(transient);
  });

  it("is false for other errors", () => {
    expect(isTransientPlatformError(new Error("x"))).toBe(false);
  });
});

// Middleware has its own copy of @discordjs/rest and of errors.ts, while the clients and the
// cache are shared on globalThis: errors made by another copy must be recognised too.
describe("errors from another bundle's copy of the classes", () => {
  /** An error with an instance's own fields but not its class, as another copy would make it. */
  const foreign = <T extends object>(error: T): Error => Object.assign(new Error((error as { message?: string }).message ?? "foreign"), { ...error, name: (error as Error).name });

  it("maps a rate limit, an API error and an HTTP error by their shape", () => {
    const rateLimit = new RateLimitError({ timeToReset: 5100, limit: 5, method: "post", hash: "h", url: "https://x/api/v10/channels/1/messages", route: "/channels/:id/messages", majorParameter: "1", global: false, retryAfter: 5050, sublimitTimeout: 0, scope: "user" });
    expect(toPlatformError(foreign(rateLimit))).toMatchObject({ kind: "rate_limited", status: 429, retryAfter: 5.05 });
    expect(toPlatformError(foreign(apiError(404, { code: 10007, message: "Unknown Member" }, 10007)))).toMatchObject({ kind: "not_found", status: 404, code: 10007 });
    expect(toPlatformError(foreign(new HTTPError(503, "Service Unavailable", "GET", "https://x/api/v10/guilds/1", body)))).toMatchObject({ kind: "server", status: 503 });
  });

  it("answers instanceof PlatformError for another copy's PlatformError, and only for it", () => {
    const other = Object.assign(new Error("Unknown Member"), { [Symbol.for("guildhall.PlatformError")]: true, kind: "not_found", status: 404 });
    expect(other instanceof PlatformError).toBe(true);
    expect(toPlatformError(other)).toBe(other);
    expect(new Error("plain") instanceof PlatformError).toBe(false);
    expect(toPlatformError(new Error("a bug of ours"))).toBeUndefined();
  });
});
