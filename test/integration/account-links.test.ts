/** @jest-environment node */
// Linking a guild's Twitch, X and TikTok account, end to end against the social fake's OAuth
// stand-in: start → the provider's consent page → its redirect → finalize → check → unlink.
// The state works once, for its user, guild and provider, for 10 minutes; the fake checks the
// client credentials, the code, the redirect URI and (X) the PKCE verifier like the real ones.
import { and, asc, eq } from "drizzle-orm";
import { DELETE as unlinkRoute, GET as checkRoute, POST as startRoute } from "@/app/api/plugins/twitch/oauth/[guildId]/route";
import { POST as twitchFinalize } from "@/app/api/plugins/twitch/oauth/[guildId]/finalize/route";
import * as tiktokRoutes from "@/app/api/plugins/tiktok/oauth/[guildId]/route";
import { POST as tiktokFinalize } from "@/app/api/plugins/tiktok/oauth/[guildId]/finalize/route";
import * as twitterRoutes from "@/app/api/plugins/twitter/oauth/[guildId]/route";
import { POST as twitterFinalize } from "@/app/api/plugins/twitter/oauth/[guildId]/finalize/route";
import { FAKE_ACCOUNTS } from "@/emulators/social/oauth/accounts";
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { LinkProvider } from "@/lib/account-links/providers";
import { consumeLinkState } from "@/lib/account-links/states";
import { getDb } from "@/lib/db/client";
import { accountLinkStates, auditEvents } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { readBody } from "@/test/api";
import { call, type CookieJar } from "@/test/route-client";
import { scratchGuildForThisBlock, signedInJar } from "@/test/sign-in";
import { addScratchGuild } from "@/test/scratch-guild";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";

const scratch = scratchGuildForThisBlock("Account links");
let social: SocialHarness;
let bjorn: CookieJar;

beforeAll(async () => {
  social = await startSocialHarness();
  bjorn = await signedInJar(scratch.harness, USER_IDS.bjorn);
});
afterAll(() => social.stop());
afterEach(() => social.reset());

const ROUTES = {
  twitch: { GET: checkRoute, POST: startRoute, DELETE: unlinkRoute, finalize: twitchFinalize },
  twitter: { GET: twitterRoutes.GET, POST: twitterRoutes.POST, DELETE: twitterRoutes.DELETE, finalize: twitterFinalize },
  tiktok: { GET: tiktokRoutes.GET, POST: tiktokRoutes.POST, DELETE: tiktokRoutes.DELETE, finalize: tiktokFinalize },
};

const EXPECTED = {
  twitch: { id: FAKE_ACCOUNTS.twitch.id, name: "adacodes", display_name: "AdaCodes", avatar_url: FAKE_ACCOUNTS.twitch.profile_image_url },
  twitter: { id: FAKE_ACCOUNTS.twitter.id, name: "ada_lovelace", display_name: "Ada Lovelace", avatar_url: FAKE_ACCOUNTS.twitter.profile_image_url },
  tiktok: { id: FAKE_ACCOUNTS.tiktok.open_id, name: "ada_plays", display_name: "Ada Plays", avatar_url: FAKE_ACCOUNTS.tiktok.avatar_url },
};

/** `jar: undefined` calls signed out; without `jar`, Ada calls. */
type Options = { jar?: CookieJar | undefined; guildId?: string };
const jarOf = (options: Options) => ("jar" in options ? options.jar : scratch.ada);
const path = (provider: LinkProvider, guildId: string) => `/api/plugins/${provider}/oauth/${guildId}`;

function route(provider: LinkProvider, method: "GET" | "POST" | "DELETE", options: Options = {}) {
  const guildId = options.guildId ?? scratch.guild;
  return call(ROUTES[provider][method], path(provider, guildId), { method, jar: jarOf(options), params: { guildId } });
}

function finalize(provider: LinkProvider, body: Record<string, unknown>, options: Options = {}) {
  const guildId = options.guildId ?? scratch.guild;
  return call(ROUTES[provider].finalize, `${path(provider, guildId)}/finalize`, { method: "POST", jar: jarOf(options), params: { guildId }, body, headers: { "x-guildhall-locale": "fr" } });
}

async function start(provider: LinkProvider, options?: Options): Promise<string> {
  const response = await route(provider, "POST", options);
  const body = (await readBody(response)) as { url: string };
  expect({ status: response.status, body }).toMatchObject({ status: 200 });
  return body.url;
}

/** What the browser does in the popup: open the provider's page, press Authorize (or Cancel), follow the redirect. */
async function consent(url: string, decision: "allow" | "deny" = "allow"): Promise<{ state: string; code?: string; error?: string }> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/Authorize/);
  const answer = await fetch(url, { method: "POST", body: new URLSearchParams({ decision }), redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location")!);
  expect(back.origin + back.pathname).toBe("http://localhost:3000/plugin-oauth");
  const value = (name: string) => back.searchParams.get(name) ?? undefined;
  return { state: value("state")!, code: value("code"), error: value("error") };
}

async function audits(action: string) {
  const db = await getDb();
  // In the order written: PostgreSQL returns rows unordered without ORDER BY.
  return db.select().from(auditEvents).where(and(eq(auditEvents.guildId, scratch.guild), eq(auditEvents.action, action))).orderBy(asc(auditEvents.id));
}

function fieldOf(body: unknown) {
  return (body as { code: string; fields: { path: string; code: string; message: string }[] }).fields[0];
}

describe.each(["twitch", "twitter", "tiktok"] as const)("%s", (provider) => {
  it("links the account that consents, shows it, and unlinks it (each change audited)", async () => {
    expect(await readBody(await route(provider, "GET"))).toEqual({ linked: false });
    const url = new URL(await start(provider));
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/plugin-oauth");
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    if (provider === "twitter") expect({ method: url.searchParams.get("code_challenge_method"), challenge: url.searchParams.get("code_challenge") }).toEqual({ method: "S256", challenge: expect.stringMatching(/^[\w-]{43}$/) });

    const linksBefore = (await audits("account.link")).length;
    const done = await finalize(provider, await consent(url.toString()));
    expect(done.status).toBe(200);
    expect(await readBody(done)).toEqual(EXPECTED[provider]);
    expect(await readBody(await route(provider, "GET"))).toEqual({ linked: true, account: EXPECTED[provider] });
    const linked = await audits("account.link");
    expect(linked).toHaveLength(linksBefore + 1);
    expect(linked.at(-1)).toMatchObject({ userId: USER_IDS.ada, target: `account-link:${provider}`, after: EXPECTED[provider] });

    const unlinked = await route(provider, "DELETE");
    expect({ status: unlinked.status, body: await readBody(unlinked) }).toEqual({ status: 200, body: { linked: false } });
    expect(await readBody(await route(provider, "GET"))).toEqual({ linked: false });
    expect((await audits("account.unlink")).filter((row) => row.target === `account-link:${provider}`).at(-1)).toMatchObject({ before: EXPECTED[provider], after: null });
    // Unlinking again changes nothing and writes no second row.
    const unlinks = (await audits("account.unlink")).length;
    expect((await route(provider, "DELETE")).status).toBe(200);
    expect(await audits("account.unlink")).toHaveLength(unlinks);
  });

  it("refuses a state a second time, in the caller's language", async () => {
    const answer = await consent(await start(provider));
    expect((await finalize(provider, answer)).status).toBe(200);
    const again = await finalize(provider, answer);
    const body = await readBody(again);
    expect(again.status).toBe(400);
    expect(body).toMatchObject({ code: "validation_failed" });
    expect(fieldOf(body)).toMatchObject({ path: "state", code: "oauth_state_invalid", message: expect.stringMatching(/liaison/) });
  });
});

it("refuses a state older than 10 minutes", async () => {
  const answer = await consent(await start("twitch"));
  const db = await getDb();
  await db.update(accountLinkStates).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(accountLinkStates.state, answer.state));
  const response = await finalize("twitch", answer);
  expect(response.status).toBe(400);
  expect(fieldOf(await readBody(response))).toMatchObject({ path: "state", code: "oauth_state_expired" });
});

it("refuses a state made for another provider or another guild, and leaves it for its own", async () => {
  const answer = await consent(await start("twitch"));
  expect(fieldOf(await readBody(await finalize("twitter", answer)))).toMatchObject({ path: "state", code: "oauth_state_invalid" });
  const otherGuild = addScratchGuild(scratch.harness, "workshop", "Account links (other)");
  expect(fieldOf(await readBody(await finalize("twitch", answer, { guildId: otherGuild })))).toMatchObject({ path: "state", code: "oauth_state_invalid" });
  expect((await finalize("twitch", answer)).status).toBe(200);
});

it("refuses another user's state (the state is bound to who started)", async () => {
  const answer = await consent(await start("tiktok"));
  const db = await getDb();
  expect(await consumeLinkState(db, answer.state, { userId: USER_IDS.bjorn, guildId: scratch.guild, provider: "tiktok" })).toEqual({ kind: "invalid" });
  expect((await finalize("tiktok", answer)).status).toBe(200);
});

it("says the user cancelled on the provider's page, and spends the state", async () => {
  const answer = await consent(await start("twitter"), "deny");
  expect(answer).toMatchObject({ error: "access_denied", code: undefined });
  const response = await finalize("twitter", answer);
  expect(response.status).toBe(400);
  expect(fieldOf(await readBody(response))).toMatchObject({ path: "code", code: "oauth_denied" });
  expect(fieldOf(await readBody(await finalize("twitter", answer)))).toMatchObject({ code: "oauth_state_invalid" });
});

describe("PKCE (X)", () => {
  it("the fake refuses a code redeemed with another verifier", async () => {
    const answer = await consent(await start("twitter"));
    const token = await fetch(`${social.url}/oauth/twitter/2/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from("fake-client:fake-secret").toString("base64")}` },
      body: new URLSearchParams({ code: answer.code!, grant_type: "authorization_code", redirect_uri: "http://localhost:3000/plugin-oauth", code_verifier: "x".repeat(43) }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: "invalid_request" });
  });

  it("a tampered server-side verifier fails the exchange; a verifier sent by the browser is never used", async () => {
    const answer = await consent(await start("twitter"));
    const db = await getDb();
    await db.update(accountLinkStates).set({ codeVerifier: "tampered-".padEnd(43, "x") }).where(eq(accountLinkStates.state, answer.state));
    const response = await finalize("twitter", { ...answer, verifier: "tampered-".padEnd(43, "x") });
    expect(response.status).toBe(400);
    expect(fieldOf(await readBody(response))).toMatchObject({ path: "code", code: "oauth_code_refused" });
  });
});

describe("the provider", () => {
  it("refusing the code → 400 oauth_code_refused", async () => {
    const answer = await consent(await start("tiktok"));
    const response = await finalize("tiktok", { ...answer, code: "not-a-code" });
    expect(response.status).toBe(400);
    expect(fieldOf(await readBody(response))).toMatchObject({ path: "code", code: "oauth_code_refused" });
  });

  it("down → 503 provider_unavailable; rate limiting → 429 with Retry-After; a strange answer → 502", async () => {
    const answer = await consent(await start("twitch"));
    await social.fault("oauth", 503);
    const down = await finalize("twitch", answer);
    expect({ status: down.status, body: await readBody(down) }).toMatchObject({ status: 503, body: { code: "provider_unavailable", status_code: 503 } });

    const second = await consent(await start("twitch"));
    await social.fault("oauth", 429, { retryAfter: 7 });
    const limited = await finalize("twitch", second);
    expect({ status: limited.status, retryAfter: limited.headers.get("retry-after") }).toEqual({ status: 429, retryAfter: "7" });
    expect(await readBody(limited)).toMatchObject({ code: "provider_rate_limited" });

    const third = await consent(await start("twitch"));
    await social.fault("oauth", 200);
    const strange = await finalize("twitch", third);
    expect({ status: strange.status, body: await readBody(strange) }).toMatchObject({ status: 502, body: { code: "provider_bad_answer" } });
  });

  it("refusing our client secret, or no credentials at all → 503 provider_not_configured", async () => {
    const answer = await consent(await start("twitter"));
    process.env.TWITTER_CLIENT_SECRET = "wrong-secret";
    resetEnvCache();
    try {
      const refused = await finalize("twitter", answer);
      expect({ status: refused.status, body: await readBody(refused) }).toMatchObject({ status: 503, body: { code: "provider_not_configured" } });
      delete process.env.TWITTER_CLIENT_SECRET;
      resetEnvCache();
      const unset = await route("twitter", "POST");
      expect({ status: unset.status, body: await readBody(unset) }).toMatchObject({ status: 503, body: { code: "provider_not_configured" } });
    } finally {
      process.env.TWITTER_CLIENT_SECRET = "fake-secret";
      resetEnvCache();
    }
  });
});

describe("who may link", () => {
  it.each(["GET", "POST", "DELETE"] as const)("%s: signed out → 401, a member who does not manage the guild → 403", async (method) => {
    expect((await route("twitch", method, { jar: undefined })).status).toBe(401);
    const forbidden = await route("twitch", method, { jar: bjorn });
    expect({ status: forbidden.status, body: await readBody(forbidden) }).toMatchObject({ status: 403, body: { code: "guild_forbidden" } });
  });

  it("finalize: signed out → 401, non-manager → 403, a bad body → 400", async () => {
    expect((await finalize("twitch", { state: "x", code: "y" }, { jar: undefined })).status).toBe(401);
    expect((await finalize("twitch", { state: "x", code: "y" }, { jar: bjorn })).status).toBe(403);
    const bad = await finalize("twitch", { code: "y" });
    expect({ status: bad.status, body: await readBody(bad) }).toMatchObject({ status: 400, body: { code: "validation_failed" } });
  });
});
