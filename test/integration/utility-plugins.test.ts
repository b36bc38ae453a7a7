/** @jest-environment node */
// The utility plugins' own checks and actions, against the platform emulator: the temporary
// channels' name template (unknown variables, too long once filled in) and "Create a creator
// channel" (a voice channel made on the platform in the chosen category and chosen as the
// creator); search's safe-search level, help's embed, blind test's playlist and scoring bounds,
// refused with translated sentences; the shop's wares and the bot's ware_bought, whose stock,
// per-member limit and coins hold under 20 concurrent purchases.
import { PermissionFlagsBits } from "discord-api-types/v10";
import { and, eq } from "drizzle-orm";
import { makeRole } from "@/emulators/platform/fixtures";
import { createBotKey } from "@/lib/bot-contract/keys";
import type { EventResult } from "@/lib/bot-contract/schemas";
import { getDb } from "@/lib/db/client";
import { economyBalances } from "@/lib/db/schema";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { fieldIssue } from "@/lib/validation/server-messages";
import { pluginCall, readBody } from "@/test/api";
import { postEvents, readConfig } from "@/test/bot-api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake, grantBot, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let refs: { channel: string; role: string; voice: string | undefined };
let key: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Utility hall");
  // Premium: the blind test's own playlist link is a premium field.
  await setBuffs(guild, ["premium"]);
  ada = await signedInJar(harness);
  refs = await guildRefs(guild);
  key = (await createBotKey(await getDb(), "utility plugins test bot", [])).key;
});
afterAll(() => harness.stop());

type Envelope = { code: string; message: string; fields?: Array<{ path: string; code: string; message: string }> };

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

const patchConfig = (plugin: string, body: Record<string, unknown>, locale = "en") => pluginCall(ada, "PATCH", `/${plugin}/config/${guild}`, { body, headers: { "x-guildhall-locale": locale } });

/** The refusal of a config write: 400 with exactly these field issues, in `locale`'s words. */
async function refused(response: Promise<Response>, issues: ReturnType<typeof fieldIssue>[]) {
  const body = await json<Envelope>(await response, 400);
  expect(body.code).toBe("validation_failed");
  expect(body.fields).toEqual(issues);
  return body;
}

const channelsOf = () => harness.emulator.state.guild(guild)!.channels;

describe("temporary channels", () => {
  it("refuses a name template with an unknown variable or too long once filled in, in the caller's language", async () => {
    const known = { known: "{user}, {user.name}, {count}" };
    await refused(patchConfig("temporary_channels", { name_template: "{user} plays {game}" }), [fieldIssue("name_template", "unknown_template_variable", { variable: "{game}", ...known })]);
    const french = await json<Envelope>(await patchConfig("temporary_channels", { name_template: "{membre}" }, "fr"), 400);
    expect(french.fields).toEqual([expect.objectContaining({ path: "name_template", code: "unknown_template_variable" })]);
    expect(french.fields![0]!.message).toBe("{membre} n’est pas une variable ici. Utilisez {user}, {user.name}, {count}.");
    // 71 characters and {user} at its widest (32) make 103: a member with a long name would get no channel.
    await refused(patchConfig("temporary_channels", { name_template: `${"x".repeat(70)} {user}` }), [fieldIssue("name_template", "name_too_long_filled", { limit: 100, actual: 103 })]);
    const saved = await json<{ config: Record<string, unknown> }>(await patchConfig("temporary_channels", { name_template: "{count}. {user}'s room", user_limit: 5, delete_when_empty: false }), 200);
    expect(saved.config).toMatchObject({ name_template: "{count}. {user}'s room", user_limit: 5, delete_when_empty: false });
    await refused(patchConfig("temporary_channels", { user_limit: 100 }), [fieldIssue("user_limit", "too_big", { max: 99 })]);
  });

  it("creates the creator channel on the platform in the chosen category and chooses it; the bot reads it in the config", async () => {
    const creator = `/temporary_channels/guilds/${guild}/creator-channel`;
    // Without Manage Channels the platform refuses, and the owner is told why.
    const missing = await json<Envelope>(await pluginCall(ada, "POST", creator, { body: { name: "➕ Create a room" }, headers: { "x-guildhall-locale": "de" } }), 403);
    expect(missing).toMatchObject({ code: "channel_bot_missing_permission", message: expect.stringContaining("Kanäle verwalten") });
    expect(channelsOf().some((channel) => channel.name === "➕ Create a room")).toBe(false);

    grantBot(harness, guild, PermissionFlagsBits.ManageChannels);
    const category = channelsOf().find((channel) => channel.type === 4)!;
    await json(await patchConfig("temporary_channels", { category_id: category.id }), 200);
    // A text channel or a voice channel as the category is refused (the pickers' checks).
    await refused(patchConfig("temporary_channels", { category_id: refs.channel }), [fieldIssue("category_id", "wrong_channel_type")]);
    await json<Envelope>(await pluginCall(ada, "POST", creator, { body: { name: "" } }), 400);

    const made = await json<{ channel_id: string; config: Record<string, unknown> }>(await pluginCall(ada, "POST", creator, { body: { name: "➕ Create a room" } }), 200);
    const onPlatform = channelsOf().find((channel) => channel.id === made.channel_id);
    expect(onPlatform).toMatchObject({ type: 2, name: "➕ Create a room", parent_id: category.id });
    expect(made.config.creator_channel_id).toBe(made.channel_id);

    // The new channel is known at once: the config saves with it, and a text channel is refused as the creator.
    await json(await patchConfig("temporary_channels", { enabled: true, creator_channel_id: made.channel_id }), 200);
    await refused(patchConfig("temporary_channels", { creator_channel_id: refs.channel }), [fieldIssue("creator_channel_id", "wrong_channel_type")]);
    const config = await readConfig(key, guild);
    expect(config.plugins.temporary_channels).toMatchObject({ enabled: true, config: { creator_channel_id: made.channel_id, category_id: category.id, name_template: "{count}. {user}'s room", user_limit: 5, delete_when_empty: false } });
  });
});

describe("search, help and blind test", () => {
  it("takes a safe-search level of the list only", async () => {
    await refused(patchConfig("search", { safe_search: "extreme" }), [fieldIssue("safe_search", "invalid_option")]);
    await refused(patchConfig("search", { safe_search: true }), [fieldIssue("safe_search", "invalid_option")]);
    const saved = await json<{ config: Record<string, unknown> }>(await patchConfig("search", { safe_search: "strict", urban_enabled: true }), 200);
    expect(saved.config).toMatchObject({ safe_search: "strict", urban_enabled: true, youtube_enabled: true });
  });

  it("keeps the help message as one embed within the platform's limits", async () => {
    const embed = { title: "Need a hand?", description: "Ask in #help, or use the commands below.", color: 0x5865f2, footer: { text: "Utility hall" } };
    await refused(patchConfig("help", { embeds: [embed, embed] }), [fieldIssue("embeds", "too_many", { max: 1 })]);
    const tooLong = await json<Envelope>(await patchConfig("help", { embeds: [{ ...embed, title: "x".repeat(257) }] }), 400);
    expect(tooLong.fields).toEqual([expect.objectContaining({ path: "embeds.0.title", code: "too_long" })]);
    const saved = await json<{ config: { embeds: unknown[] } }>(await patchConfig("help", { embeds: [embed] }), 200);
    expect(saved.config.embeds).toEqual([expect.objectContaining(embed)]);
  });

  it("takes playlist links and scoring within bounds", async () => {
    await refused(patchConfig("blindtest", { custom_playlist_url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC" }), [fieldIssue("custom_playlist_url", "invalid_playlist_url")]);
    await refused(patchConfig("blindtest", { rounds: 0, points_per_answer: 0, speed_bonus: 101 }), [
      fieldIssue("rounds", "too_small", { min: 1 }),
      fieldIssue("points_per_answer", "too_small", { min: 1 }),
      fieldIssue("speed_bonus", "too_big", { max: 100 }),
    ]);
    const saved = await json<{ config: Record<string, unknown> }>(
      await patchConfig("blindtest", { custom_playlist_url: "https://www.deezer.com/fr/playlist/1109890291", rounds: 15, points_per_answer: 2, speed_bonus: 1 }),
      200,
    );
    expect(saved.config).toMatchObject({ rounds: 15, points_per_answer: 2, speed_bonus: 1 });
  });
});

describe("the economy shop", () => {
  const wares = () => `/economy/guilds/${guild}/wares`;
  let run = 0;

  beforeAll(async () => {
    await json(await patchConfig("economy", { enabled: true }), 200);
  });

  async function setCoins(userId: string, coins: number) {
    const db = await getDb();
    await db.insert(economyBalances).values({ guildId: guild, userId, coins }).onConflictDoUpdate({ target: [economyBalances.guildId, economyBalances.userId], set: { coins } });
  }

  async function coinsOf(userId: string): Promise<number | undefined> {
    const [row] = await (await getDb()).select({ coins: economyBalances.coins }).from(economyBalances).where(and(eq(economyBalances.guildId, guild), eq(economyBalances.userId, userId)));
    return row?.coins;
  }

  /** `buyers` buying `wareId` at once, each purchase its own request as a bot would send them. */
  async function buyAtOnce(wareId: string, buyers: string[]): Promise<EventResult[]> {
    run += 1;
    const at = new Date().toISOString();
    const responses = await Promise.all(buyers.map((userId, index) => postEvents(key, [{ key: `ware-${run}-${index}-${wareId}`, type: "ware_bought", guild_id: guild, at, ware_id: wareId, user_id: userId }])));
    return Promise.all(responses.map(async (response) => (await json<{ results: EventResult[] }>(response, 200)).results[0]!));
  }

  const statuses = (results: EventResult[]) => results.map((result) => (result.status === "refused" ? result.error!.code : result.status)).sort();

  it("refuses wares with a role the bot cannot give or bounds out of range", async () => {
    const high = freshSnowflake();
    harness.emulator.state.guild(guild)!.roles.push(makeRole(high, { name: "Above the bot", color: 0, permissions: [] }, 500));
    await refreshGuildCache(guild);
    await refused(pluginCall(ada, "POST", wares(), { body: { name: "Crown", price: 10, role_id: high } }), [fieldIssue("role_id", "role_above_bot")]);
    await refused(pluginCall(ada, "POST", wares(), { body: { name: "Crown", price: -1, stock: -2, per_member_limit: 0 } }), [
      fieldIssue("price", "too_small", { min: 0 }),
      fieldIssue("stock", "too_small", { min: 0 }),
      fieldIssue("per_member_limit", "too_small", { min: 1 }),
    ]);
  });

  it("never oversells: 20 members buying 5 in stock at once get 5, each debited once", async () => {
    const ware = await json<{ id: string }>(await pluginCall(ada, "POST", wares(), { body: { name: "Golden ticket", price: 30, stock: 5, role_id: refs.role } }), 201);
    const buyers = Array.from({ length: 20 }, () => freshSnowflake());
    for (const buyer of buyers) await setCoins(buyer, 100);
    const results = await buyAtOnce(ware.id, buyers);
    expect(statuses(results)).toEqual([...Array(5).fill("applied"), ...Array(15).fill("out_of_stock")].sort());
    const applied = results.filter((result) => result.status === "applied");
    expect(applied.map((result) => result.purchase!.stock).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const result of applied) expect(result.purchase).toMatchObject({ ware_id: ware.id, price: 30, coins: 70, role_id: refs.role });
    const balances = await Promise.all(buyers.map(coinsOf));
    expect(balances.filter((coins) => coins === 70)).toHaveLength(5);
    expect(balances.filter((coins) => coins === 100)).toHaveLength(15);
    // The ware shows what is left, to the dashboard and to the bot's copy.
    expect(await json(await pluginCall(ada, "GET", `${wares()}/${ware.id}`), 200)).toMatchObject({ stock: 0 });
    const config = await readConfig(key, guild);
    expect(config.plugins.economy!.collections.wares!.find((item) => item.id === ware.id)).toMatchObject({ stock: 0 });
  });

  it("keeps one member within the ware's limit and their coins, however many buys arrive at once", async () => {
    const limited = await json<{ id: string }>(await pluginCall(ada, "POST", wares(), { body: { name: "Sticker", price: 10, per_member_limit: 3 } }), 201);
    const member = freshSnowflake();
    await setCoins(member, 1000);
    const results = await buyAtOnce(limited.id, Array(20).fill(member));
    expect(statuses(results)).toEqual([...Array(3).fill("applied"), ...Array(17).fill("member_limit_reached")].sort());
    expect(await coinsOf(member)).toBe(970);
    // No role: the bot is told to give none.
    expect(results.find((result) => result.status === "applied")!.purchase).toMatchObject({ role_id: null, stock: null });

    const dear = await json<{ id: string }>(await pluginCall(ada, "POST", wares(), { body: { name: "Banner", price: 50 } }), 201);
    const poorer = freshSnowflake();
    await setCoins(poorer, 120);
    const bought = await buyAtOnce(dear.id, Array(20).fill(poorer));
    expect(statuses(bought)).toEqual([...Array(2).fill("applied"), ...Array(18).fill("insufficient_coins")].sort());
    expect(await coinsOf(poorer)).toBe(20);
    // A member the shop has never seen holds the starting balance, 0 here: refused, nothing written.
    const [stranger] = await buyAtOnce(dear.id, [freshSnowflake()]);
    expect(stranger).toMatchObject({ status: "refused", error: { code: "insufficient_coins" } });
  });

  it("refuses a ware of no shop and a shop turned off, changing nothing", async () => {
    const member = freshSnowflake();
    await setCoins(member, 500);
    const [unknown] = await buyAtOnce("0b6f2a52-5d7e-4a61-9e51-2f8f1f0c1a11", [member]);
    expect(unknown).toMatchObject({ status: "refused", error: { code: "unknown_ware" } });
    const ware = await json<{ id: string }>(await pluginCall(ada, "POST", wares(), { body: { name: "Badge", price: 5 } }), 201);
    await json(await patchConfig("economy", { enabled: false }), 200);
    const [off] = await buyAtOnce(ware.id, [member]);
    expect(off).toMatchObject({ status: "refused", error: { code: "plugin_disabled" } });
    expect(await coinsOf(member)).toBe(500);
  });
});
