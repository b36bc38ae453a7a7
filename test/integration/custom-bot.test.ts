/** @jest-environment node */
// The custom bot end to end against the platform emulator (its demo applications): a token is
// checked offline, then with the platform, each failed check its own translated 400; only a
// server whose subscription includes the custom bot may set one up, and it is turned off (kept)
// when that subscription ends; the token is stored sealed, rotated keys keep it readable, and it
// leaves only for a bot key with its scope, audited; it never shows in an answer, a log line, an
// audit row, a settings export or the bot's feed. Presence follows the platform's rules, the
// avatar its rate limit, and a token the platform refuses blocks the bot until a new one.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { PATCH as pluginPatch } from "@/app/api/plugins/[...path]/route";
import { PATCH as acknowledgeRoute } from "@/app/api/guilds/[guildId]/acknowledge-custom-bot-block/route";
import { GET as backstoryGet, PUT as backstoryPut } from "@/app/api/guilds/[guildId]/backstory/route";
import { GET as customBotRoute } from "@/app/api/guilds/[guildId]/custom-bot/route";
import { POST as disableRoute } from "@/app/api/guilds/[guildId]/disable-custom-bot/route";
import { POST as enableRoute } from "@/app/api/guilds/[guildId]/enable-custom-bot/route";
import { PUT as statusRoute } from "@/app/api/guilds/[guildId]/set-custom-bot-status/route";
import { GET as exportRoute } from "@/app/api/guilds/[guildId]/settings-export/route";
import { POST as importRoute } from "@/app/api/guilds/[guildId]/settings-import/route";
import { POST as avatarRoute } from "@/app/api/guilds/[guildId]/update-custom-bot-avatar/route";
import { POST as updateBackstoryRoute } from "@/app/api/guilds/[guildId]/update-custom-bot-backstory/route";
import { POST as updateRoute } from "@/app/api/guilds/[guildId]/update-custom-bot/route";
import { GET as botCustomBotRoute } from "@/app/api/bot/v1/guilds/[guildId]/custom-bot/route";
import { APPLICATION_IDS, APPLICATIONS } from "@/emulators/platform/data/applications";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { parseGuildOAuthState } from "@/lib/auth/guild-oauth-state";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { createBotKey } from "@/lib/bot-contract/keys";
import { loadCustomBotPage } from "@/lib/custom-bot/page-data";
import type { CustomBotView } from "@/lib/custom-bot/view";
import { getDb } from "@/lib/db/client";
import { auditEvents, customBots } from "@/lib/db/schema";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { isEnvelope, readBody, type Envelope } from "@/test/api";
import { botCall, postEvents, readChangesPage, readConfig } from "@/test/bot-api";
import { guildRefs } from "@/test/guild-harness";
import { callForm, imageForm } from "@/test/multipart-client";
import { call } from "@/test/route-client";
import { addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { withEnv } from "@/test/set-env";
import { signedInForThisBlock } from "@/test/sign-in";

const signedIn = signedInForThisBlock();
const helper = APPLICATIONS.find((application) => application.id === APPLICATION_IDS.workshopHelper)!;
const nightOwl = APPLICATIONS.find((application) => application.id === APPLICATION_IDS.nightOwl)!;
const named = (id: string) => Buffer.from(id).toString("base64url");

// Everything the app said while this file ran: every answer's body and every log line. The token
// must be in none of them (checked once all tests ran, over every token the tests used).
const bodies: string[] = [];
const logs: string[] = [];
const tokensUsed = new Set<string>();
const consoleMethods = ["log", "info", "warn", "error", "debug"] as const;
beforeAll(() => {
  for (const method of consoleMethods) {
    const original = console[method].bind(console);
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logs.push(args.map((arg) => (arg instanceof Error ? `${arg.stack} ${JSON.stringify(arg)}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
      original(...args);
    });
  }
});

async function kept(response: Response): Promise<Response> {
  bodies.push(await response.clone().text());
  return response;
}

type Route = Parameters<typeof call>[0];
const at = (guildId: string, route: Route, path: string, method: string, body?: unknown, headers?: Record<string, string>) =>
  call(route, `/api/guilds/${guildId}/${path}`, { method, jar: signedIn.jar, params: { guildId }, body, headers }).then(kept);

const enable = (guildId: string, token: string, headers?: Record<string, string>) => (tokensUsed.add(token), at(guildId, enableRoute, "enable-custom-bot", "POST", { bot_token: token }, headers));
const update = (guildId: string, token: string) => (tokensUsed.add(token), at(guildId, updateRoute, "update-custom-bot", "POST", { bot_token: token }));
const view = async (guildId: string) => (await json<CustomBotView>(await at(guildId, customBotRoute, "custom-bot", "GET"), 200));
const avatar = async (guildId: string) => kept(await callForm(avatarRoute, `/api/guilds/${guildId}/update-custom-bot-avatar`, imageForm(await sharp({ create: { width: 256, height: 256, channels: 3, background: "#4f7cff" } }).png().toBuffer()), { jar: signedIn.jar, params: { guildId } }));

async function json<T>(response: Response, status: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

async function refusal(response: Response, status: number, code: string): Promise<Envelope> {
  const body = await json<Envelope>(response, status);
  expect(isEnvelope(body, status)).toBe(true);
  expect(body.code).toBe(code);
  return body;
}

/** A subscription paid in crypto (the app's own record, no provider to call) for Ada, changed with `overrides`. */
async function subscribe(guildId: string, overrides: Partial<ProviderSubscription> = {}): Promise<ProviderSubscription> {
  const sub: ProviderSubscription = { provider: "crypto", externalId: `1:0x${randomUUID().replaceAll("-", "")}`, customerId: null, guildId, userId: USER_IDS.ada, plan: "premium", periodMonths: 1, status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000), cancelAtPeriodEnd: false, paymentMethod: null, withCustomBot: true, ...overrides };
  await (await getDb()).transaction((tx) => applyProviderSubscription(tx, sub));
  return sub;
}

/** A fresh copy of Ada's workshop whose Premium includes the custom bot add-on. */
async function includedGuild(): Promise<string> {
  const guildId = addScratchGuild(signedIn.harness, "workshop");
  await subscribe(guildId);
  return guildId;
}

/** A new token for an application, as its Developer Portal's "Reset Token" gives one (the old one is refused from now on). */
async function resetToken(applicationId: string, token?: string): Promise<string> {
  const response = await fetch(`${signedIn.harness.emulator.url}/__emulator/applications/${applicationId}/reset-token`, { method: "POST", body: JSON.stringify(token ? { token } : {}) });
  const { token: fresh } = (await response.json()) as { token: string };
  tokensUsed.add(fresh);
  return fresh;
}

afterEach(() => signedIn.harness.emulator.reset());

describe("the gate", () => {
  it("refuses a server whose subscriptions do not include the custom bot (403 pointing to the add-on, in the caller's language), before asking the platform", async () => {
    const guildId = addScratchGuild(signedIn.harness, "workshop");
    await setBuffs(guildId, ["premium"]);
    const asked = signedIn.harness.callsTo("GET /users/@me");
    const english = await refusal(await enable(guildId, helper.token), 403, "custom_bot_not_included");
    expect(english.message).toMatch(/Add the custom bot to Premium, or choose Pro, on the Premium page/);
    const french = await refusal(await enable(guildId, helper.token, { [LOCALE_HEADER]: "fr" }), 403, "custom_bot_not_included");
    expect(french.message).toMatch(/Ajoutez-le à Premium, ou choisissez Pro/);
    expect(signedIn.harness.callsTo("GET /users/@me")).toBe(asked);
    expect(await view(guildId)).toEqual({ included: false, bot: null });
  });

  it("lets Pro set one up: Pro includes the custom bot", async () => {
    const guildId = addScratchGuild(signedIn.harness, "workshop");
    await subscribe(guildId, { plan: "pro", withCustomBot: false });
    expect((await json<CustomBotView>(await enable(guildId, helper.token), 200)).bot).toMatchObject({ id: helper.id, status: "active" });
  });
});

describe("checking a token", () => {
  it("refuses a user's OAuth token and a malformed one offline, each saying so on bot_token", async () => {
    const guildId = await includedGuild();
    const { accessToken } = await signedIn.harness.signIn();
    for (const token of [accessToken, "abc.def", "not a token", `${named("12")}.x.y`, ""]) {
      const body = await refusal(await enable(guildId, token), 400, "custom_bot_token_malformed");
      expect(body.fields).toEqual([{ path: "bot_token", code: "custom_bot_token_malformed", message: body.message }]);
    }
  });

  it("refuses what the platform refuses (401), a user account's token, and a token of another application than the bot it names", async () => {
    const guildId = await includedGuild();
    await refusal(await enable(guildId, `${named(helper.id)}.GhDemo.unknown-token_0123456789`), 400, "custom_bot_token_refused");
    // bjorn's application answering a token whose first part names Ada's bot.
    const mismatched = await resetToken(nightOwl.id, `${named(helper.id)}.GhDemo.mismatched-token_0123456789`);
    const wrong = await refusal(await enable(guildId, mismatched), 400, "custom_bot_wrong_application");
    expect(wrong.fields?.[0]?.path).toBe("bot_token");
    signedIn.harness.emulator.state.user(helper.id)!.bot = false;
    await refusal(await enable(guildId, helper.token), 400, "custom_bot_not_a_bot");
    const french = await refusal(await enable(guildId, "abc", { [LOCALE_HEADER]: "fr" }), 400, "custom_bot_token_malformed");
    expect(french.message).toMatch(/^Ce n'est pas un token de bot/);
    expect(await view(guildId)).toMatchObject({ included: true, bot: null });
  });

  it("sets up the bot of a valid token: shown by id, name, avatar and status, stored sealed under the current key", async () => {
    const guildId = await includedGuild();
    const shown = await json<CustomBotView>(await enable(guildId, helper.token), 200);
    expect(shown).toMatchObject({ included: true, bot: { id: helper.id, application_id: helper.id, name: "Workshop Helper", avatar: null, status: "active", status_reason: null, last_error: null } });
    expect(Object.keys(shown.bot!).sort()).toEqual(["application_id", "authorize_url", "avatar", "avatar_url", "backstory", "id", "last_error", "name", "presence", "status", "status_changed_at", "status_reason"]);
    const [row] = await (await getDb()).select().from(customBots).where(eq(customBots.guildId, guildId));
    expect(row).toMatchObject({ tokenKeyId: "test-1", status: "active" });
    expect(JSON.stringify(row)).not.toContain(helper.token.split(".")[2]);
    const [audit] = await (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "custom_bot.enable")));
    expect(audit).toMatchObject({ userId: USER_IDS.ada, target: "plugin:custom_bot:bot", pluginId: "custom_bot", after: { bot_user_id: helper.id, name: "Workshop Helper", status: "active" } });
  });
});

describe("the token at rest", () => {
  it("stays readable after a key rotation (new key first, old one kept), and a new token is sealed under the new key", async () => {
    const guildId = await includedGuild();
    await json(await enable(guildId, helper.token), 200);
    const { key } = await createBotKey(await getDb(), "rotation gateway", ["custom_bot_tokens"]);
    const handOut = () => botCall(botCustomBotRoute, `/api/bot/v1/guilds/${guildId}/custom-bot`, { key, params: { guildId } }).then(kept);
    const rotated = { CUSTOM_BOT_TOKEN_KEYS: "test-2:SWXtdt6fqJtv0TIlKkAvEv4rMfu15FJSK5BhxdOjwpc=,test-1:q7JtQ2m0c4bS9xWfH1kz3LrT8uVnYpE5aDgI6oM0sN4=" };
    await withEnv(rotated, async () => {
      expect((await json<{ token: string }>(await handOut(), 200)).token).toBe(helper.token);
      const fresh = await resetToken(helper.id);
      await json(await update(guildId, fresh), 200);
      const [row] = await (await getDb()).select({ keyId: customBots.tokenKeyId }).from(customBots).where(eq(customBots.guildId, guildId));
      expect(row!.keyId).toBe("test-2");
      expect((await json<{ token: string }>(await handOut(), 200)).token).toBe(fresh);
    });
    // The old key alone cannot open what the new one sealed: said, not a 500.
    await refusal(await handOut(), 409, "custom_bot_token_unreadable");
    // No key at all: the custom bot is unavailable (503), stated in the envelope.
    await withEnv({ CUSTOM_BOT_TOKEN_KEYS: undefined }, async () => {
      await refusal(await enable(guildId, helper.token), 503, "custom_bot_unavailable");
    });
  });
});

describe("presence and backstory", () => {
  it("follows the platform's rules: a link only with Streaming and only Twitch or YouTube, a text of 1 to 128 characters, the four statuses", async () => {
    const guildId = await includedGuild();
    await json(await enable(guildId, helper.token), 200);
    const put = (body: unknown, headers?: Record<string, string>) => at(guildId, statusRoute, "set-custom-bot-status", "PUT", body, headers);
    const base = { presence_status: "idle", presence_activity_type: "playing", presence_activity_name: "Chess", presence_activity_url: null };
    const cases: Array<[unknown, string, string]> = [
      [{ ...base, presence_activity_url: "https://twitch.tv/ada" }, "presence_activity_url", "custom_bot_url_streaming_only"],
      [{ ...base, presence_activity_type: "streaming", presence_activity_url: "https://example.com/live" }, "presence_activity_url", "custom_bot_stream_url"],
      [{ ...base, presence_activity_type: "streaming" }, "presence_activity_url", "custom_bot_stream_url"],
      [{ ...base, presence_activity_name: "x".repeat(129) }, "presence_activity_name", "too_long"],
      [{ ...base, presence_activity_name: "  " }, "presence_activity_name", "required"],
      [{ ...base, presence_status: "away" }, "presence_status", "invalid_option"],
    ];
    for (const [body, path, code] of cases) {
      const refused = await refusal(await put(body), 400, "validation_failed");
      expect(refused.fields?.map((field) => [field.path, field.code])).toEqual([[path, code]]);
    }
    const german = await refusal(await put(cases[1]![0], { [LOCALE_HEADER]: "de" }), 400, "validation_failed");
    expect(german.fields?.[0]?.message).toMatch(/Twitch- oder YouTube-Adresse/);
    const saved = await json<CustomBotView>(await put({ presence_status: "dnd", presence_activity_type: "streaming", presence_activity_name: "Building the Workshop", presence_activity_url: "https://www.twitch.tv/adalovelacecodes" }), 200);
    expect(saved.bot!.presence).toEqual({ presence_status: "dnd", presence_activity_type: "streaming", presence_activity_name: "Building the Workshop", presence_activity_url: "https://www.twitch.tv/adalovelacecodes" });
  });

  it("keeps the backstory's channels to this server's text channels (GET/PUT /backstory, and update-custom-bot-backstory)", async () => {
    const guildId = await includedGuild();
    await refusal(await at(guildId, backstoryGet, "backstory", "GET"), 404, "custom_bot_not_set_up");
    await json(await enable(guildId, helper.token), 200);
    const { channel, voice } = await guildRefs(guildId);
    const unknown = await refusal(await at(guildId, backstoryPut, "backstory", "PUT", { enable: true, allowed_channels: ["123456789012345678"] }), 400, "validation_failed");
    expect(unknown.fields?.map((field) => [field.path, field.code])).toEqual([["allowed_channels.0", "unknown_channel"]]);
    const wrongKind = await refusal(await at(guildId, backstoryPut, "backstory", "PUT", { enable: true, allowed_channels: [voice] }), 400, "validation_failed");
    expect(wrongKind.fields?.[0]?.code).toBe("wrong_channel_type");
    expect(await json(await at(guildId, backstoryPut, "backstory", "PUT", { enable: true, allowed_channels: [channel] }), 200)).toEqual({ enable: true, allowed_channels: [channel] });
    expect(await json(await at(guildId, backstoryGet, "backstory", "GET"), 200)).toEqual({ enable: true, allowed_channels: [channel] });
    const whole = await json<CustomBotView>(await at(guildId, updateBackstoryRoute, "update-custom-bot-backstory", "POST", { enable: false, allowed_channels: [] }), 200);
    expect(whole.bot!.backstory).toEqual({ enable: false, allowed_channels: [] });
  });
});

describe("the avatar", () => {
  it("is re-encoded and set on the platform with the bot's token; a second change inside the platform's window is 429 with the wait", async () => {
    const guildId = await includedGuild();
    const token = await resetToken(helper.id);
    await json(await enable(guildId, token), 200);
    const set = await json<CustomBotView>(await avatar(guildId), 200);
    expect(set.bot!.avatar).toMatch(/^[0-9a-f]{32}$/);
    expect(signedIn.harness.emulator.state.user(helper.id)!.avatar).toBe(set.bot!.avatar);
    expect(set.bot!.avatar_url).toContain(`/avatars/${helper.id}/${set.bot!.avatar}.png`);

    const again = await avatar(guildId);
    const limited = await refusal(again, 429, "custom_bot_avatar_rate_limited");
    const wait = Number(again.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(limited.message).toBe("Discord lets a bot change its avatar only so often. Try again in 10 minutes.");
    // Not an error of the bot: its card shows none.
    expect((await view(guildId)).bot!.last_error).toBeNull();
  });

  it("refuses what is not an image, through the image checks", async () => {
    const guildId = await includedGuild();
    await json(await enable(guildId, helper.token), 200);
    const response = await callForm(avatarRoute, `/api/guilds/${guildId}/update-custom-bot-avatar`, imageForm(new TextEncoder().encode("not an image")), { jar: signedIn.jar, params: { guildId } });
    expect((await json<Envelope>(response, 415)).code).toBe("image_type_unsupported");
  });
});

describe("a token the platform refuses", () => {
  it("blocks the bot with the reason; acknowledging keeps it off; only a new token of its application turns it on", async () => {
    const guildId = await includedGuild();
    const first = await resetToken(helper.id);
    await json(await enable(guildId, first), 200);
    await resetToken(helper.id); // Reset on the portal: the stored token is refused from now on.
    await refusal(await avatar(guildId), 409, "custom_bot_blocked");
    const blocked = (await view(guildId)).bot!;
    expect(blocked).toMatchObject({ status: "blocked", status_reason: "token_refused", last_error: { code: "custom_bot_token_refused" } });
    expect(blocked.last_error!.message).toMatch(/^Discord refused this token/);
    await refusal(await avatar(guildId), 409, "custom_bot_blocked");

    const acknowledged = await json<CustomBotView>(await at(guildId, acknowledgeRoute, "acknowledge-custom-bot-block", "PATCH"), 200);
    expect(acknowledged.bot).toMatchObject({ status: "disabled", status_reason: "token_refused" });
    await refusal(await update(guildId, first), 400, "custom_bot_token_refused");
    await refusal(await update(guildId, nightOwl.token), 400, "custom_bot_wrong_application");
    const fresh = await resetToken(helper.id);
    expect((await json<CustomBotView>(await update(guildId, fresh), 200)).bot).toMatchObject({ status: "active", status_reason: null, last_error: null });
    const actions = (await (await getDb()).select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.guildId, guildId))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["custom_bot.block", "custom_bot.acknowledge", "custom_bot.update"]));
  });
});

describe("when the subscription ends", () => {
  it("turns the bot off (kept, with its settings), audited, and gives no token until a new subscription and a new token", async () => {
    const guildId = addScratchGuild(signedIn.harness, "workshop");
    const sub = await subscribe(guildId);
    await json(await enable(guildId, helper.token), 200);
    await json(await at(guildId, statusRoute, "set-custom-bot-status", "PUT", { presence_status: "idle", presence_activity_type: "watching", presence_activity_name: "the stars", presence_activity_url: null }), 200);
    await subscribe(guildId, { ...sub, status: "cancelled", currentPeriodEnd: new Date(Date.now() - 1000) });
    const after = await view(guildId);
    expect(after).toMatchObject({ included: false, bot: { id: helper.id, status: "disabled", status_reason: "subscription_ended", presence: { presence_activity_name: "the stars" } } });
    const [audit] = await (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "custom_bot.disable")));
    expect(audit).toMatchObject({ userId: USER_IDS.ada, after: { status: "disabled", status_reason: "subscription_ended" } });
    const { key } = await createBotKey(await getDb(), "lapse gateway", ["custom_bot_tokens"]);
    expect(await json(await botCall(botCustomBotRoute, `/api/bot/v1/guilds/${guildId}/custom-bot`, { key, params: { guildId } }).then(kept), 200)).toMatchObject({ status: "disabled", included: false, token: null });
    await refusal(await enable(guildId, helper.token), 403, "custom_bot_not_included");
    // Renewed: still off until its token is set again.
    await subscribe(guildId);
    expect((await view(guildId)).bot!.status).toBe("disabled");
    expect((await json<CustomBotView>(await enable(guildId, helper.token), 200)).bot!.status).toBe("active");
  });
});

describe("turning it off and the plugin switch", () => {
  it("disable-custom-bot turns it off and keeps it; the plugin's own switch cannot turn it on or off", async () => {
    const guildId = await includedGuild();
    await json(await enable(guildId, helper.token), 200);
    const switched = await call(pluginPatch, `/api/plugins/custom_bot/config/${guildId}`, { method: "PATCH", jar: signedIn.jar, params: { path: ["custom_bot", "config", guildId] }, body: { enabled: false } }).then(kept);
    expect((await refusal(switched, 409, "custom_bot_switch")).fields?.[0]?.path).toBe("enabled");
    expect((await json<CustomBotView>(await at(guildId, disableRoute, "disable-custom-bot", "POST"), 200)).bot).toMatchObject({ status: "disabled", status_reason: "owner" });
    expect((await view(guildId)).bot!.id).toBe(helper.id);
  });
});

describe("copying settings", () => {
  it("carries no token, and leaves each server's custom bot as it is: a file cannot turn one on or off", async () => {
    const [withBot, without] = [await includedGuild(), await includedGuild()];
    await json(await enable(withBot, helper.token), 200);
    const file = await json<{ plugins: Record<string, { enabled: boolean }> }>(await call(exportRoute, `/api/guilds/${withBot}/settings-export`, { jar: signedIn.jar, params: { guildId: withBot } }).then(kept), 200);
    expect(file.plugins.custom_bot).toEqual({ enabled: true, config: {} });
    const importInto = (guildId: string, body: unknown) => call(importRoute, `/api/guilds/${guildId}/settings-import`, { method: "POST", jar: signedIn.jar, params: { guildId }, body: { file: body, apply: true } }).then(kept);
    await json(await importInto(without, file), 200);
    expect(await view(without)).toMatchObject({ bot: null });
    await json(await importInto(withBot, { ...file, plugins: { ...file.plugins, custom_bot: { enabled: false, config: {} } } }), 200);
    expect((await view(withBot)).bot!.status).toBe("active");
  });
});

describe("adding it to the server", () => {
  it("is the platform's authorize page for the custom bot's application, back to the guild return page, which adds that bot", async () => {
    const guildId = await includedGuild();
    const url = new URL((await json<CustomBotView>(await enable(guildId, helper.token), 200)).bot!.authorize_url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: helper.id, scope: "bot applications.commands", guild_id: guildId, disable_guild_select: "true", redirect_uri: "http://localhost:3000/guild-oauth" });
    expect(parseGuildOAuthState(url.searchParams.get("state"))).toBe(`/en/dashboard/${guildId}/custom_bot`);
    const back = await signedIn.harness.autoAuthorize(url.href);
    expect(back.origin + back.pathname).toBe("http://localhost:3000/guild-oauth");
    expect(back.searchParams.get("guild_id")).toBe(guildId);
    expect(signedIn.harness.emulator.state.guild(guildId)!.members.has(helper.id)).toBe(true);
  });
});

describe("the bot contract", () => {
  it("hands the token only to a key with the custom_bot_tokens scope, each hand-out audited with the key, never the token; the feed says when to read again", async () => {
    const guildId = await includedGuild();
    const db = await getDb();
    const plain = await createBotKey(db, "plain gateway");
    const scoped = await createBotKey(db, "custom bot gateway", ["custom_bot_tokens"]);
    const read = (key: string) => botCall(botCustomBotRoute, `/api/bot/v1/guilds/${guildId}/custom-bot`, { key, params: { guildId } }).then(kept);
    await refusal(await read(scoped.key), 404, "custom_bot_not_set_up");
    const before = (await readConfig(scoped.key, guildId)).version;
    await json(await enable(guildId, helper.token), 200);
    await refusal(await read(plain.key), 403, "bot_scope_missing");
    expect(await json(await read(scoped.key), 200)).toMatchObject({ guild_id: guildId, bot_user_id: helper.id, status: "active", included: true, token: helper.token });
    const [handout] = await db.select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "custom_bot.token_handout")));
    expect(handout).toMatchObject({ userId: `bot-key:${scoped.botKey.id}`, after: { bot_key_id: scoped.botKey.id, bot_key_name: "custom bot gateway" } });
    const config = await readConfig(scoped.key, guildId);
    expect(config.plugins.custom_bot).toMatchObject({ enabled: true, config: {} });
    const { changes } = await readChangesPage(scoped.key, `after=${before}&limit=1000`);
    expect(changes.filter((change) => change.guild_id === guildId).map((change) => [change.kind, change.plugin_id])).toContainEqual(["plugin", "custom_bot"]);
    bodies.push(JSON.stringify(config), JSON.stringify(changes));
  });

  it("takes the gateway's word that the platform refused the token: the bot is blocked, once, from a key with the scope only", async () => {
    const guildId = await includedGuild();
    const db = await getDb();
    const plain = await createBotKey(db, "plain reporter");
    const scoped = await createBotKey(db, "custom bot reporter", ["custom_bot_tokens"]);
    await json(await enable(guildId, helper.token), 200);
    const event = (key: string, botUserId = helper.id) => ({ key, type: "custom_bot_token_refused", guild_id: guildId, bot_user_id: botUserId, at: new Date().toISOString() });
    const results = async (key: string, events: unknown[]) => ((await json<{ results: Array<{ status: string; error?: { code: string } }> }>(await postEvents(key, events), 200)).results);
    expect(await results(plain.key, [event(`refused-${randomUUID()}`)])).toEqual([{ key: expect.any(String), status: "refused", error: { code: "bot_scope_missing", message: expect.any(String) } }]);
    expect((await results(scoped.key, [event(`refused-${randomUUID()}`, nightOwl.id)]))[0]).toMatchObject({ status: "refused", error: { code: "custom_bot_not_set_up" } });
    expect((await view(guildId)).bot!.status).toBe("active");
    const key = `refused-${randomUUID()}`;
    expect((await results(scoped.key, [event(key), event(key)])).map((result) => result.status)).toEqual(["applied", "duplicate"]);
    expect((await view(guildId)).bot).toMatchObject({ status: "blocked", status_reason: "token_refused" });
    const [audit] = await db.select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "custom_bot.block")));
    expect(audit!.userId).toBe(`bot-key:${scoped.botKey.id}`);
  });
});

describe("the token stays secret", () => {
  it("is in no answer, page data, settings export, log line or audit row of everything above", async () => {
    const guildId = await includedGuild();
    await json(await enable(guildId, helper.token), 200);
    await json(await call(exportRoute, `/api/guilds/${guildId}/settings-export`, { jar: signedIn.jar, params: { guildId } }).then(kept), 200);
    bodies.push(JSON.stringify(await loadCustomBotPage(guildId, "en")));
    const audit = JSON.stringify(await (await getDb()).select().from(auditEvents));
    const secrets = [...tokensUsed].filter((token) => token.split(".").length === 3 && token.split(".")[2]!.length >= 20).map((token) => token.split(".")[2]!);
    expect(secrets.length).toBeGreaterThan(3);
    // The hand-out to the scoped key is the one answer that holds a token on purpose.
    const handedOut = bodies.filter((body) => body.includes('"token":"'));
    const everywhere = [...bodies.filter((body) => !handedOut.includes(body)), ...logs, audit].join("\n");
    for (const secret of secrets) expect({ secret, found: everywhere.includes(secret) }).toEqual({ secret, found: false });
    expect(handedOut.length).toBeGreaterThan(0);
  });
});
