/** @jest-environment node */
import { USER_IDS } from "@/emulators/platform/data/ids";

import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { PlatformError } from "./errors";
import { buildAuthorizeUrl, exchangeCode, refreshAccessToken, revokeToken } from "./oauth";
import { resetPlatformClientForTests } from "./rest";
import { getCurrentUser, getCurrentUserGuilds } from "./user-api";

// Integration tests of the OAuth2 client against the platform emulator.

let harness: EmulatorHarness;

beforeAll(async () => {
  harness = await startEmulatorHarness();
});

afterAll(async () => {
  await harness.stop();
});

beforeEach(() => {
  harness.emulator.reset({ tokens: true });
  resetPlatformClientForTests();
});

async function authorizeCode(state = "login-state"): Promise<string> {
  const back = await harness.autoAuthorize(buildAuthorizeUrl({ state }), USER_IDS.ada);
  expect(back.searchParams.get("state")).toBe(state);
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  return code!;
}

describe("exchangeCode", () => {
  it("trades the authorize redirect's code for tokens that work", async () => {
    const before = Date.now();
    const tokens = await exchangeCode(await authorizeCode());
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).not.toBe(tokens.accessToken);
    expect(tokens.scope.split(" ").sort()).toEqual(["email", "guilds", "identify"]);
    expect(tokens.expiresAt).toBeGreaterThan(before);
    await expect(getCurrentUser(tokens.accessToken)).resolves.toMatchObject({ id: USER_IDS.ada });
  });

  it("computes expiresAt from the platform's expires_in", async () => {
    harness.emulator.setAccessTokenTtl(120);
    const before = Date.now();
    const tokens = await exchangeCode(await authorizeCode());
    expect(tokens.expiresAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(tokens.expiresAt).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  it("refuses a code used twice with bad_request invalid_grant", async () => {
    const code = await authorizeCode();
    await exchangeCode(code);
    const error = await exchangeCode(code).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "bad_request", status: 400, oauthError: "invalid_grant" });
  });

  it("refuses a code redeemed with another redirect_uri", async () => {
    const code = await authorizeCode();
    await expect(exchangeCode(code, "http://localhost:3000/elsewhere")).rejects.toMatchObject({
      kind: "bad_request",
      oauthError: "invalid_grant",
    });
  });

  it("maps a platform outage on the token endpoint to server", async () => {
    const code = await authorizeCode();
    harness.emulator.injectFault({ path: "/oauth2/token", method: "POST", status: 503 });
    await expect(exchangeCode(code)).rejects.toMatchObject({ kind: "server", status: 503 });
  });

  it("maps a 429 on the token endpoint to rate_limited with retryAfter", async () => {
    const code = await authorizeCode();
    harness.emulator.injectFault({ path: "/oauth2/token", method: "POST", status: 429, retry_after: 5 });
    await expect(exchangeCode(code)).rejects.toMatchObject({ kind: "rate_limited", status: 429, retryAfter: 5 });
  });
});

describe("refreshAccessToken", () => {
  it("rotates the refresh token: the new pair works, the old refresh token is spent", async () => {
    const first = await exchangeCode(await authorizeCode());
    const second = await refreshAccessToken(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expect(getCurrentUser(second.accessToken)).resolves.toMatchObject({ id: USER_IDS.ada });

    await expect(refreshAccessToken(first.refreshToken)).rejects.toMatchObject({
      kind: "bad_request",
      oauthError: "invalid_grant",
    });
    const third = await refreshAccessToken(second.refreshToken);
    await expect(getCurrentUser(third.accessToken)).resolves.toMatchObject({ id: USER_IDS.ada });
  });

  it("refuses an unknown refresh token", async () => {
    await expect(refreshAccessToken("made-up")).rejects.toMatchObject({ kind: "bad_request", status: 400 });
  });
});

describe("revokeToken", () => {
  it("ends the grant and forgets what was cached for the token", async () => {
    const tokens = await exchangeCode(await authorizeCode());
    await getCurrentUser(tokens.accessToken);
    await getCurrentUserGuilds(tokens.accessToken);

    await revokeToken(tokens.accessToken, "access_token");

    await expect(getCurrentUser(tokens.accessToken)).rejects.toMatchObject({ kind: "unauthorized", status: 401 });
    await expect(getCurrentUserGuilds(tokens.accessToken)).rejects.toMatchObject({ kind: "unauthorized" });
    await expect(refreshAccessToken(tokens.refreshToken)).rejects.toMatchObject({ oauthError: "invalid_grant" });
  });

  it("accepts an unknown token, as the platform does", async () => {
    await expect(revokeToken("never-issued")).resolves.toBeUndefined();
  });
});
