/** @jest-environment node */
import { getEnv, resetEnvCache } from "@/lib/env";

import { PlatformError } from "./errors";
import { buildAuthorizeUrl, buildBotAuthorizeUrl, exchangeCode, refreshAccessToken } from "./oauth";

// URL builders, and the token endpoint's handling of odd answers (fetch stubbed).

// Defaults of lib/env.ts (test/setup-env.ts sets the emulator's credentials and APP_URL).
let env: ReturnType<typeof getEnv>;
beforeAll(() => {
  resetEnvCache();
  env = getEnv();
});

afterEach(() => jest.restoreAllMocks());

describe("buildAuthorizeUrl", () => {
  it("asks for identify, guilds and email with a code response", () => {
    const url = new URL(buildAuthorizeUrl({ state: "s+t/a=te" }));
    expect(url.origin + url.pathname).toBe(`${env.DISCORD_OAUTH_URL}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: env.DISCORD_CLIENT_ID,
      redirect_uri: env.DISCORD_REDIRECT_URI,
      response_type: "code",
      scope: "identify guilds email",
      state: "s+t/a=te",
    });
  });

  it("encodes spaces as %20 and passes prompt", () => {
    const href = buildAuthorizeUrl({ state: "abc", prompt: "none" });
    expect(href).toContain("scope=identify%20guilds%20email");
    expect(href).toContain("prompt=none");
    expect(new URL(buildAuthorizeUrl({ state: "abc", prompt: "consent", scopes: ["identify"] })).searchParams.get("scope")).toBe(
      "identify",
    );
  });
});

describe("buildBotAuthorizeUrl", () => {
  it("requests the bot with the spec's permission integer for one guild", () => {
    const url = new URL(
      buildBotAuthorizeUrl({
        guildId: "200000000000000001",
        state: '{"target_path":"/en/dashboard"}',
        redirectUri: "http://localhost:3000/guild-oauth",
      }),
    );
    expect(url.origin + url.pathname).toBe(`${env.DISCORD_OAUTH_URL}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: env.DISCORD_CLIENT_ID,
      scope: "bot applications.commands",
      permissions: "364870364415",
      guild_id: "200000000000000001",
      disable_guild_select: "true",
      response_type: "code",
      redirect_uri: "http://localhost:3000/guild-oauth",
      state: '{"target_path":"/en/dashboard"}',
    });
  });

  it("lets the user pick a guild when none is given", () => {
    const url = new URL(buildBotAuthorizeUrl({ state: "s", redirectUri: "http://localhost:3000/guild-oauth" }));
    expect(url.searchParams.has("guild_id")).toBe(false);
    expect(url.searchParams.has("disable_guild_select")).toBe(false);
  });
});

describe("token endpoint answers", () => {
  function stubFetch(response: Response) {
    return jest.spyOn(globalThis, "fetch").mockResolvedValue(response);
  }

  it("posts a form with the client credentials", async () => {
    const spy = stubFetch(
      Response.json({ access_token: "a", token_type: "Bearer", expires_in: 604800, refresh_token: "r", scope: "identify" }),
    );
    const before = Date.now();
    const tokens = await exchangeCode("the-code");
    expect(tokens).toMatchObject({ accessToken: "a", refreshToken: "r", scope: "identify" });
    expect(tokens.expiresAt).toBeGreaterThanOrEqual(before + 604800_000);
    const [url, init] = spy.mock.calls[0]!;
    expect(url).toBe(`${env.DISCORD_API_URL}/v10/oauth2/token`);
    expect(init?.method).toBe("POST");
    const form = new URLSearchParams(String(init?.body));
    expect(Object.fromEntries(form)).toEqual({
      client_id: env.DISCORD_CLIENT_ID,
      client_secret: env.DISCORD_CLIENT_SECRET,
      grant_type: "authorization_code",
      code: "the-code",
      redirect_uri: env.DISCORD_REDIRECT_URI,
    });
  });

  it("maps invalid_grant to bad_request", async () => {
    stubFetch(Response.json({ error: "invalid_grant", error_description: "Invalid code" }, { status: 400 }));
    await expect(refreshAccessToken("old")).rejects.toMatchObject({
      name: "PlatformError",
      kind: "bad_request",
      status: 400,
      oauthError: "invalid_grant",
    });
  });

  it("maps a 429 with Retry-After to rate_limited", async () => {
    stubFetch(new Response("{}", { status: 429, headers: { "Retry-After": "7" } }));
    await expect(exchangeCode("c")).rejects.toMatchObject({ kind: "rate_limited", retryAfter: 7 });
  });

  it("maps an HTML 502 page to server", async () => {
    stubFetch(new Response("<html>Bad Gateway</html>", { status: 502 }));
    await expect(exchangeCode("c")).rejects.toMatchObject({ kind: "server", status: 502 });
  });

  it("rejects a 200 that is not a token response", async () => {
    stubFetch(Response.json({ access_token: "a" }));
    const error = await exchangeCode("c").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "server", status: 502 });
  });

  it("maps a network failure to network", async () => {
    jest
      .spyOn(globalThis, "fetch")
      .mockRejectedValue(new TypeError("fetch failed", { cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }) }));
    await expect(exchangeCode("c")).rejects.toMatchObject({ kind: "network" });
  });
});
