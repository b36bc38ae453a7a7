/** @jest-environment node */
// Automod rules: saved through the moderator plugin's rules collection (a pattern RE2 cannot run
// is refused, translated), tried before saving by the dry run (pasted messages or the last 50
// of a channel, matched exactly as the rules match), and stopped all at once by the kill switch.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { onForEveryone } from "@/emulators/unleash/server";
import { stopFlags } from "@/lib/flags/flags";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { savedRules } from "@/lib/moderation/automod/dry-run";
import { evaluate, type AutomodMatch } from "@/lib/moderation/automod/rules";
import { snowflakeToTimestamp } from "@/lib/platform/snowflake";
import { getGuildMember } from "@/lib/platform/bot-api";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { withEnv } from "@/test/set-env";

let harness: EmulatorHarness;
let ada: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
}, 60_000);
afterAll(() => harness.stop());

/** Ada's own workshop, where the bot is too: another server than the scratch copies. */
const USER_GUILD = GUILD_IDS.workshop;

type DryRun = { paused: boolean; results: Array<{ message: { id: string | null; content: string }; matches: AutomodMatch[] }> };

const addRule = (guild: string, body: Record<string, unknown>, locale = "en") => pluginCall(ada, "POST", `/moderator/guilds/${guild}/rules`, { body, headers: { "x-guildhall-locale": locale } });
const channelNamed = (guild: string, name: string) => harness.emulator.state.guild(guild)!.channels.find((channel) => channel.name === name)!;

/** A message in the emulator's history of the channel, as if a member had written it `ago` ms back. */
function say(guild: string, channelId: string, authorId: string, content: string, ago = 0) {
  const now = Date.now() - ago;
  harness.emulator.state.messages.add({
    id: harness.emulator.state.newId(now), channel_id: channelId, guild_id: guild, author_id: authorId, content, embeds: [], components: [], tts: false, flags: 0,
    nonce: null, enforced_nonce: false, created_ms: now, timestamp: new Date(now).toISOString(), edited_timestamp: null, mention_user_ids: [], mention_role_ids: [], mention_everyone: false, reactions: [],
  });
}

async function dryRun(guild: string, body: Record<string, unknown>): Promise<DryRun> {
  const response = await pluginCall(ada, "POST", `/moderator/guilds/${guild}/rules/dry-run`, { body });
  expect(response.status).toBe(200);
  return (await readBody(response)) as DryRun;
}

it("refuses a pattern RE2 cannot run, in the caller's language; keeps to the free limit of 5 rules", async () => {
  const guild = addScratchGuild(harness, "workshop", "Automod");
  const refused = await addRule(guild, { trigger: "regex", pattern: "(?=admin)free" }, "fr");
  expect(refused.status).toBe(400);
  const body = (await readBody(refused)) as Envelope;
  expect(body.fields).toEqual([expect.objectContaining({ path: "pattern", code: "invalid_regex" })]);
  expect(body.fields![0]!.message).toMatch(/^Ce motif ne peut pas être utilisé/);
  for (let i = 0; i < 5; i++) expect((await addRule(guild, { name: `Words ${i}`, trigger: "words", words: [`w${i}`] })).status).toBe(201);
  expect(await readBody(await addRule(guild, { trigger: "invites" }))).toMatchObject({ status_code: 403, code: "premium_limit_reached" });
});

it("dry-runs drafts on pasted messages, and the saved rules on a channel's last 50 messages exactly as the rules match them", async () => {
  const guild = addScratchGuild(harness, "workshop", "Automod");
  const drafts = [
    { name: "Invites", trigger: "invites", actions: ["delete", "warn"] },
    { name: "Nitro scam", trigger: "regex", pattern: "fr[e3]+\\s+n[i1]tro" },
  ];
  const pasted = await dryRun(guild, { rules: drafts, messages: [{ content: "hello" }, { content: "FREE N1TRO at discord.gg/scam" }] });
  expect(pasted.results.map((result) => result.matches.map((match) => [match.name, match.detail, match.actions]))).toEqual([
    [],
    [
      ["Invites", "discord.gg/scam", ["delete", "warn"]],
      ["Nitro scam", "FREE N1TRO", ["delete"]],
    ],
  ]);
  // A draft with a pattern RE2 cannot run is refused like a saved one.
  const bad = await pluginCall(ada, "POST", `/moderator/guilds/${guild}/rules/dry-run`, { body: { rules: [{ trigger: "regex", pattern: "(a)\\1" }], messages: [{ content: "aa" }] } });
  expect((await readBody(bad)) as Envelope).toMatchObject({ status_code: 400, fields: [{ path: "rules.0.pattern", code: "invalid_regex" }] });

  const general = channelNamed(guild, "general");
  // A rule that spares general's category (Community): the dry run must know where the messages were written.
  const greetings = { name: "Greetings", trigger: "words", words: ["hi"], exempt_category_ids: [general.parent_id] };
  for (const rule of [...drafts, { name: "Shouting", trigger: "caps", caps_percent: 80, min_length: 8 }, { name: "Repeats", trigger: "repeats", repeat_count: 3 }, greetings]) expect((await addRule(guild, rule)).status).toBe(201);
  const authors = [USER_IDS.sam, USER_IDS.bjorn, USER_IDS.dani];
  const lines = ["hi all", "free nitro here", "JOIN discord.gg/x", "WHY IS NOBODY ANSWERING", "same again", "ok"];
  for (let i = 0; i < 60; i++) say(guild, general.id, authors[i % 3]!, lines[i % lines.length]!, (60 - i) * 1000);
  const now = Date.now();
  const channel = await dryRun(guild, { channel_id: general.id });
  expect(channel.results).toHaveLength(50);
  expect(channel.results.some((result) => result.matches.length > 0)).toBe(true);

  // The same 50 messages, matched by the rules themselves: the dry run says what they do.
  const stored = harness.emulator.state.messages.list(general.id).slice(-50);
  const rules = await savedRules(await getDb(), guild);
  const said = new Map<string, string[]>();
  const expected = [];
  for (const record of stored) {
    const member = await getGuildMember(guild, record.author_id);
    const earlier = said.get(record.author_id) ?? [];
    said.set(record.author_id, [...earlier, record.content]);
    const message = { content: record.content, authorId: record.author_id, authorBot: false, authorRoleIds: member?.roles ?? [], channelId: general.id, categoryId: general.parent_id, accountCreatedAt: snowflakeToTimestamp(record.author_id), joinedAt: member ? Date.parse(member.joined_at!) : null, attachments: [], earlier };
    expected.push(evaluate(rules, message, { now, paused: false }).map((match) => match.name));
  }
  expect(channel.results.map((result) => result.matches.map((match) => match.name))).toEqual(expected);
  expect(channel.results.map((result) => result.message.id)).toEqual(stored.map((record) => record.id));
  expect(channel.results.flatMap((result) => result.matches.map((match) => match.name))).not.toContain("Greetings");
});

it("a rule ignores the channels of the categories it names: only categories are taken, and a channel's dry run honours them", async () => {
  const guild = addScratchGuild(harness, "workshop", "Automod");
  const [general, electronics, projects] = [channelNamed(guild, "general"), channelNamed(guild, "electronics"), channelNamed(guild, "Projects")];
  // A text channel is no category, and a category of another server is none of this one's.
  const refused = await addRule(guild, { trigger: "invites", exempt_category_ids: [general.id, channelNamed(USER_GUILD, "Projects").id] }, "fr");
  expect(((await readBody(refused)) as Envelope).fields).toEqual([
    expect.objectContaining({ path: "exempt_category_ids.0", code: "wrong_channel_type", message: "Ce type de salon ne convient pas ici. Choisissez-en un autre." }),
    expect.objectContaining({ path: "exempt_category_ids.1", code: "unknown_channel" }),
  ]);
  expect((await addRule(guild, { name: "Invites", trigger: "invites", exempt_category_ids: [projects.id] })).status).toBe(201);

  say(guild, general.id, USER_IDS.sam, "join discord.gg/x");
  say(guild, electronics.id, USER_IDS.sam, "join discord.gg/x");
  expect((await dryRun(guild, { channel_id: general.id })).results.map((result) => result.matches.map((match) => match.name))).toEqual([["Invites"]]);
  expect((await dryRun(guild, { channel_id: electronics.id })).results.map((result) => result.matches.map((match) => match.name))).toEqual([[]]);
});

it("reads the messages of this server's own text channels only", async () => {
  const guild = addScratchGuild(harness, "workshop", "Automod");
  // The bot sees Ada's real workshop too: its channel must not be read through this server.
  const elsewhere = channelNamed(USER_GUILD, "general");
  say(USER_GUILD, elsewhere.id, USER_IDS.sam, "a message of another server");
  const tryChannel = async (channelId: string) => (await readBody(await pluginCall(ada, "POST", `/moderator/guilds/${guild}/rules/dry-run`, { body: { channel_id: channelId } }))) as Envelope;
  expect(await tryChannel(elsewhere.id)).toMatchObject({ status_code: 400, code: "validation_failed", fields: [{ path: "channel_id", code: "unknown_channel" }] });
  expect(await tryChannel(channelNamed(guild, "Lounge").id)).toMatchObject({ status_code: 400, fields: [{ path: "channel_id", code: "wrong_channel_type" }] });
});

it("the kill switch pauses every rule at once, audited; the dry run says so", async () => {
  const guild = addScratchGuild(harness, "workshop", "Automod");
  expect((await addRule(guild, { trigger: "invites" })).status).toBe(201);
  expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { automod_paused: true } })).status).toBe(200);
  // A rule saved switched off is tried too, and says so: a new rule is tested before it acts.
  expect((await addRule(guild, { name: "Later", trigger: "words", words: ["x"], enabled: false })).status).toBe(201);
  const run = await dryRun(guild, { messages: [{ content: "discord.gg/x" }] });
  expect(run.paused).toBe(true);
  expect(run.results[0]!.matches.map((match) => [match.trigger, (match as AutomodMatch & { enabled: boolean }).enabled])).toEqual([
    ["invites", true],
    ["words", false],
  ]);
  const rows = await (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.guildId, guild), eq(auditEvents.target, "plugin:moderator")));
  expect(rows.map((row) => (row.after as { config: { automod_paused: boolean } }).config.automod_paused)).toEqual([true]);
});

it("refuses the dry run with 404 where its flag is off, as the page hides it", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "guildhall-flags-"));
  const file = path.join(folder, "flags.json");
  writeFileSync(file, JSON.stringify({ version: 2, features: [{ ...onForEveryone("automod_dry_run"), enabled: false }] }));
  try {
    await withEnv({ FLAGS_FILE: file, UNLEASH_URL: undefined, UNLEASH_API_TOKEN: undefined }, async () => {
      stopFlags();
      const refused = await pluginCall(ada, "POST", `/moderator/guilds/${USER_GUILD}/rules/dry-run`, { body: { messages: [{ content: "hi" }] } });
      expect(refused.status).toBe(404);
      expect(((await readBody(refused)) as Envelope).code).toBe("feature_disabled");
    });
  } finally {
    stopFlags();
    rmSync(folder, { recursive: true, force: true });
  }
  expect((await pluginCall(ada, "POST", `/moderator/guilds/${USER_GUILD}/rules/dry-run`, { body: { messages: [{ content: "hi" }] } })).status).toBe(200);
});
