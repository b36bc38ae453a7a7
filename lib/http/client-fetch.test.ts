/** @jest-environment jsdom */
import { onErrorModal } from "./error-bus";
import { apiFetch, classifyStatus, getSessionId, onApiWrite, readCookie, shouldRaiseModal, TransportError } from "./client-fetch";

describe("shouldRaiseModal (spec 8)", () => {
  it("raises for a body with a code, a status_code of 410 or more, or HTTP 500", () => {
    expect(shouldRaiseModal(400, { code: "validation_failed" })).toBe(true);
    expect(shouldRaiseModal(404, { status_code: 410 })).toBe(true);
    expect(shouldRaiseModal(500, undefined)).toBe(true);
  });
  it("stays quiet otherwise", () => {
    expect(shouldRaiseModal(404, { status_code: 404 })).toBe(false);
    expect(shouldRaiseModal(502, "gateway")).toBe(false);
    expect(shouldRaiseModal(401, {})).toBe(false);
  });
});

describe("classifyStatus", () => {
  it("classes 4xx and 5xx", () => {
    expect(classifyStatus(404)).toBe("client_error");
    expect(classifyStatus(503)).toBe("server_error");
  });
});

describe("getSessionId", () => {
  it("creates a number below 1e9 once and keeps it", () => {
    const first = getSessionId(window.localStorage);
    expect(Number(first)).toBeLessThan(1e9);
    expect(getSessionId(window.localStorage)).toBe(first);
  });
});

// jsdom has no Response class; apiFetch only reads ok, status and json().
const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

describe("apiFetch", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("sends the XSRF header from the cookie and the session id", async () => {
    document.cookie = "XSRF-TOKEN=abc123";
    const seen: Headers[] = [];
    global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return reply(200, { ok: true });
    }) as typeof fetch;
    await expect(apiFetch("/logout", { method: "POST" })).resolves.toEqual({ ok: true });
    expect(seen[0]!.get("x-xsrf-token")).toBe("abc123");
    expect(seen[0]!.get("x-session-id")).toMatch(/^\d{1,9}$/);
    expect(readCookie("XSRF-TOKEN")).toBe("abc123");
  });

  it("sends a FormData as it is (multipart, the browser's boundary) with the same headers, JSON otherwise", async () => {
    document.cookie = "XSRF-TOKEN=abc123";
    const seen: Array<{ type: string | null; xsrf: string | null; body: unknown }> = [];
    global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      seen.push({ type: headers.get("content-type"), xsrf: headers.get("x-xsrf-token"), body: init?.body });
      return reply(200, { ok: true });
    }) as typeof fetch;
    const form = new FormData();
    form.append("name", "card.png");
    await apiFetch("/guilds/1/images", { method: "POST", body: form });
    await apiFetch("/guilds/1/things", { method: "POST", body: { a: 1 } });
    expect(seen).toEqual([
      { type: null, xsrf: "abc123", body: form },
      { type: "application/json", xsrf: "abc123", body: '{"a":1}' },
    ]);
  });

  it("asks GET /api/xsrf for the token before a write when the cookie is missing (public pages set none)", async () => {
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
    const seen: Array<{ url: string; xsrf: string | null }> = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), xsrf: new Headers(init?.headers).get("x-xsrf-token") });
      if (String(url) === "/api/xsrf") document.cookie = "XSRF-TOKEN=fresh42";
      return reply(200, { ok: true });
    }) as typeof fetch;
    await apiFetch("/users/@me");
    expect(seen).toEqual([{ url: "/api/users/@me", xsrf: null }]);
    await apiFetch("/logout", { method: "POST" });
    await apiFetch("/logout", { method: "POST" });
    expect(seen.slice(1)).toEqual([
      { url: "/api/xsrf", xsrf: null },
      { url: "/api/logout", xsrf: "fresh42" },
      { url: "/api/logout", xsrf: "fresh42" },
    ]);
  });

  it("raises the modal with the server message and throws a classed error", async () => {
    const messages: (string | undefined)[] = [];
    const stop = onErrorModal((payload) => messages.push(payload.message));
    global.fetch = jest.fn(async () => reply(400, { code: "nope", status_code: 400, message: "Bad thing", error: { message: "Bad thing" } })) as typeof fetch;
    const error = await apiFetch("/x").catch((caught: unknown) => caught);
    stop();
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe("client_error");
    expect(messages).toEqual(["Bad thing"]);
  });

  it("passes extra headers and stays quiet for error codes the caller handles", async () => {
    const messages: (string | undefined)[] = [];
    const stop = onErrorModal((payload) => messages.push(payload.message));
    const seen: Headers[] = [];
    global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return reply(412, { code: "version_conflict", status_code: 412, message: "Changed elsewhere" });
    }) as typeof fetch;
    const error = await apiFetch("/x", { method: "PATCH", body: {}, headers: { "If-Match": '"3"' }, handles: ["version_conflict"] }).catch((caught: unknown) => caught);
    await apiFetch("/x", { handles: ["other"] }).catch(() => undefined);
    stop();
    expect(seen[0]!.get("if-match")).toBe('"3"');
    expect((error as TransportError).status).toBe(412);
    expect(messages).toEqual(["Changed elsewhere"]);
  });

  it("tells write listeners about successful writes only", async () => {
    const writes: string[] = [];
    const stop = onApiWrite((path) => writes.push(path));
    global.fetch = jest.fn(async (url: RequestInfo | URL) => reply(String(url).endsWith("/bad") ? 400 : 200, {})) as typeof fetch;
    await apiFetch("/plugins/help/config/1", { method: "PATCH", body: { enabled: true } });
    await apiFetch("/plugins/help/config/1");
    await apiFetch("/bad", { method: "POST", silent: true }).catch(() => undefined);
    await apiFetch("/plugins/music/guilds/1/pause", { method: "POST", keepsPages: true });
    stop();
    await apiFetch("/guilds/1/refresh", { method: "POST" });
    expect(writes).toEqual(["/plugins/help/config/1"]);
  });

  it("classes a refused connection, a cancel and a timeout", async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    await expect(apiFetch("/x")).rejects.toMatchObject({ kind: "connection_error" });

    const controller = new AbortController();
    global.fetch = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    ) as typeof fetch;
    const cancelled = apiFetch("/x", { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: "cancel" });
    await expect(apiFetch("/x", { timeoutMs: 20 })).rejects.toMatchObject({ kind: "timeout" });
  });
});
