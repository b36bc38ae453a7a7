/** @jest-environment node */
// NUL and unpaired surrogates through the real routes: each answers 400 validation_failed
// naming the field, and nothing is written (no item, no version, no audit event). Bodies
// are raw JSON text with the escapes (\u0000, \ud800) JSON.parse turns into those characters.
import { GET as getGuild, PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { GET as searchMembers } from "@/app/api/guilds/[guildId]/members/search/route";
import { resetEnvCache } from "@/lib/env";
import { NUL_ISSUE, SURROGATE_ISSUE } from "@/lib/validation/text";
import { isEnvelope, lastAuditId, pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { fieldIssue } from "@/lib/validation/server-messages";
import type { IssueCode } from "@/lib/validation/issues";

type Json = Record<string, unknown>;
let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
  guild = addScratchGuild(harness, "workshop");
  channel = (await guildRefs(guild)).channel;
});
afterAll(() => harness.stop());

/** The escape as it travels in JSON text, and the message the field gets. */
const BAD = [
  ["NUL", "\\u0000", NUL_ISSUE],
  ["a lone surrogate", "\\ud800", SURROGATE_ISSUE],
  ["a lone low surrogate", "\\udfff", SURROGATE_ISSUE],
  ["a reversed pair", "\\udc00\\ud800", SURROGATE_ISSUE],
] as const;

/** Everything a refused write must leave as it was. */
async function snapshot() {
  const [config, timers, embeds, entity] = await Promise.all([
    pluginCall(ada, "GET", `/welcome/config/${guild}`).then(readBody),
    pluginCall(ada, "GET", `/timers/${guild}`).then(readBody),
    pluginCall(ada, "GET", `/guild_embeds/guilds/${guild}/embeds`).then(readBody),
    call(getGuild, `/api/guilds/${guild}`, { jar: ada, params: { guildId: guild } }).then(readBody),
  ]);
  return { config, timers, embeds, version: (entity as Json).version, prefix: (entity as Json).activePrefix, audit: await lastAuditId(ada, guild) };
}

async function expectFieldRefused(response: Response, path: string, message: string) {
  const body = (await readBody(response)) as Envelope;
  expect(response.status).toBe(400);
  expect(isEnvelope(body, 400)).toBe(true);
  expect(body.code).toBe("validation_failed");
  expect(body.fields).toContainEqual(fieldIssue(path, message as IssueCode));
}

describe.each(BAD)("%s", (_what, escape, message) => {
  it("in an item POST answers 400 naming the field, and stores no item", async () => {
    const before = await snapshot();
    const timer = `{"name":"Rules${escape}","channel_id":"${channel}","message":"Read the rules!","interval_minutes":60}`;
    await expectFieldRefused(await pluginCall(ada, "POST", `/timers/${guild}`, { rawBody: timer }), "name", message);
    const embed = `{"name":"Rules","embeds":[{"title":"Rules","fields":[{"name":"Be kind${escape}","value":"No insults."}]}]}`;
    await expectFieldRefused(await pluginCall(ada, "POST", `/guild_embeds/guilds/${guild}/embeds`, { rawBody: embed }), "embeds.0.fields.0.name", message);
    expect(await snapshot()).toEqual(before);
  });

  it("in a config PATCH answers 400 naming the field, and writes no version", async () => {
    const before = await snapshot();
    await expectFieldRefused(await pluginCall(ada, "PATCH", `/welcome/config/${guild}`, { rawBody: `{"enabled":true,"join_message":"Hi ${escape}!"}` }), "join_message", message);
    await expectFieldRefused(await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { rawBody: `{"moderator_role_ids":[],"lockdown_message":"Locked ${escape}"}` }), "lockdown_message", message);
    expect(await snapshot()).toEqual(before);
  });

  it("in PATCH /api/guilds/{id} answers 400 naming the field, and changes no setting", async () => {
    const before = await snapshot();
    const response = await call(patchGuild, `/api/guilds/${guild}`, { method: "PATCH", jar: ada, params: { guildId: guild }, rawBody: `{"activePrefix":"?${escape}"}` });
    await expectFieldRefused(response, "activePrefix", message);
    expect(await snapshot()).toEqual(before);
  });
});

it("refuses NUL in a query parameter and a path parameter the same way", async () => {
  const search = await call(searchMembers, `/api/guilds/${guild}/members/search?q=ada%00`, { jar: ada, params: { guildId: guild } });
  await expectFieldRefused(search, "q", NUL_ISSUE);
  const item = await pluginCall(ada, "GET", `/timers/${guild}/${"0".repeat(8)}\u0000`);
  await expectFieldRefused(item, "itemId", NUL_ISSUE);
});

it("still stores the same text without those characters (emoji pairs included)", async () => {
  const response = await pluginCall(ada, "PATCH", `/welcome/config/${guild}`, { rawBody: '{"join_message":"Hi \\ud83c\\udf89 {user.mention}!"}' });
  expect(response.status).toBe(200);
  expect((((await readBody(response)) as Json).config as Json).join_message).toBe("Hi 🎉 {user.mention}!");
});
