/** @jest-environment node */
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { PERMISSIONS } from "./permissions";
import { type PlatformEmulator } from "./server";
import { BOT_AUTH, bearer, getJson, signIn, emulatorForThisFile } from "./test-helpers";

// Custom emojis: GET /guilds/{id}/emojis, the guild object's `emojis`, and the CDN images.

interface Emoji {
  id: string;
  name: string;
  roles: string[];
  user?: { id: string };
  require_colons: boolean;
  managed: boolean;
  animated: boolean;
  available: boolean;
}

let emulator: PlatformEmulator;
let api: string;
let cdn: string;

emulatorForThisFile((started) => {
  emulator = started;
  api = `${started.url}/api/v10`;
  cdn = `${started.url}/cdn`;
});

const emojisOf = (guildId: string) => getJson<Emoji[]>(`${api}/guilds/${guildId}/emojis`, BOT_AUTH);

describe("GET /guilds/{guild.id}/emojis", () => {
  it("lists the guild's custom emojis in Discord's shape, static and animated", async () => {
    const { status, body } = await emojisOf(GUILD_IDS.workshop);
    expect(status).toBe(200);
    expect(body.map((emoji) => [emoji.name, emoji.animated, emoji.available])).toEqual([
      ["solder", false, true],
      ["gear_spin", true, true],
      ["blue", false, true],
      ["ada_wave", true, true],
      ["old_logo", false, false],
    ]);
    for (const emoji of body) {
      expect(emoji).toEqual({ id: expect.stringMatching(/^\d{17,20}$/), name: emoji.name, roles: [], require_colons: true, managed: false, animated: emoji.animated, available: emoji.available });
    }
    expect(new Set(body.map((emoji) => emoji.id)).size).toBe(body.length);
  });

  it("gives every fixture guild a few emojis of its own, some animated", () => {
    const ids = new Set<string>();
    for (const guild of emulator.state.world.guilds.values()) {
      expect(guild.emojis.length).toBeGreaterThanOrEqual(3);
      expect(guild.emojis.some((emoji) => emoji.animated)).toBe(true);
      for (const emoji of guild.emojis) ids.add(emoji.id);
    }
    const total = [...emulator.state.world.guilds.values()].reduce((sum, guild) => sum + guild.emojis.length, 0);
    expect(ids.size).toBe(total);
  });

  it("names the roles an emoji is limited to", async () => {
    // The bot is not in Pixel Raiders: it joins first.
    const guild = emulator.state.guild(GUILD_IDS.pixelRaiders)!;
    emulator.state.addBot(guild, PERMISSIONS.ViewChannel);
    const leader = guild.roles.find((role) => role.name === "Raid Leader")!;
    const { body } = await emojisOf(GUILD_IDS.pixelRaiders);
    expect(body.find((emoji) => emoji.name === "coin_spin")?.roles).toEqual([leader.id]);
    expect(body.find((emoji) => emoji.name === "gg")?.roles).toEqual([]);
  });

  it("shows who uploaded each emoji only to a bot that manages expressions", async () => {
    const guild = emulator.state.guild(GUILD_IDS.workshop)!;
    expect((await emojisOf(GUILD_IDS.workshop)).body.some((emoji) => "user" in emoji)).toBe(false);
    const botRole = guild.roles.find((role) => role.tags?.bot_id === USER_IDS.bot)!;
    botRole.permissions = (BigInt(botRole.permissions) | PERMISSIONS.ManageGuildExpressions).toString();
    const { body } = await emojisOf(GUILD_IDS.workshop);
    expect(body.find((emoji) => emoji.name === "solder")?.user?.id).toBe(USER_IDS.chen);
    expect(body.find((emoji) => emoji.name === "gear_spin")?.user?.id).toBe(USER_IDS.ada);
  });

  it("answers 404 10004 for an unknown guild, 403 50001 where the bot is not, 401 to a user token", async () => {
    expect(await emojisOf("100000000000000001")).toMatchObject({ status: 404, body: { message: "Unknown Guild", code: 10004 } });
    expect(await emojisOf(GUILD_IDS.pixelRaiders)).toMatchObject({ status: 403, body: { message: "Missing Access", code: 50001 } });
    const { access_token } = await signIn(emulator.url);
    expect((await getJson(`${api}/guilds/${GUILD_IDS.workshop}/emojis`, bearer(access_token))).status).toBe(401);
  });

  it("is what the guild object carries in `emojis` (without uploaders)", async () => {
    const guild = await getJson<{ emojis: Emoji[] }>(`${api}/guilds/${GUILD_IDS.nightOwls}`, BOT_AUTH);
    expect(guild.body.emojis).toEqual((await emojisOf(GUILD_IDS.nightOwls)).body);
    expect(guild.body.emojis.map((emoji) => emoji.name)).toEqual(["owl", "moon", "hoot"]);
  });
});

describe("CDN /emojis/{id}", () => {
  const emoji = (name: string) => emulator.state.guild(GUILD_IDS.workshop)!.emojis.find((candidate) => candidate.name === name)!;

  it("serves every emoji as .png and .webp, immutable, at the asked size", async () => {
    expect((await fetch(`${cdn}/emojis/${emoji("solder").id}.png?size=48`)).status).toBe(400);
    const response = await fetch(`${cdn}/emojis/${emoji("solder").id}.png?size=64`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg[^>]+width="64"/);
    expect(svg).toContain('aria-label="solder"');
    expect(svg).not.toContain("animateTransform");
    expect((await fetch(`${cdn}/emojis/${emoji("blue").id}.webp`)).status).toBe(200);
  });

  it("serves animated emoji as .gif too, and static ones not", async () => {
    const gif = await fetch(`${cdn}/emojis/${emoji("gear_spin").id}.gif`);
    expect(gif.status).toBe(200);
    expect(await gif.text()).toContain("animateTransform");
    expect((await fetch(`${cdn}/emojis/${emoji("gear_spin").id}.png`)).status).toBe(200);
    expect((await fetch(`${cdn}/emojis/${emoji("solder").id}.gif`)).status).toBe(404);
  });

  it("answers 404 for an id no guild has", async () => {
    expect((await fetch(`${cdn}/emojis/100000000000000001.png`)).status).toBe(404);
    expect((await fetch(`${cdn}/emojis/solder.png`)).status).toBe(404);
  });
});

// A 1×1 PNG, and the smallest animated GIF header a reader needs (the emulator goes by the type).
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const png = `data:image/png;base64,${PNG}`;
const gif = `data:image/gif;base64,${Buffer.from("GIF89a").toString("base64")}`;

function botMay(guildId: string, bits: bigint): void {
  const role = emulator.state.guild(guildId)!.roles.find((candidate) => candidate.tags?.bot_id === USER_IDS.bot)!;
  role.permissions = (BigInt(role.permissions) | bits).toString();
}

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${api}${path}`, { method, headers: { ...BOT_AUTH, "Content-Type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe("POST /guilds/{guild.id}/emojis, PATCH and DELETE /guilds/{guild.id}/emojis/{emoji.id}", () => {
  const workshop = GUILD_IDS.workshop;

  it("uploads, renames and deletes an emoji with MANAGE_GUILD_EXPRESSIONS, and the CDN serves the picture sent", async () => {
    botMay(workshop, PERMISSIONS.ManageGuildExpressions);
    const created = await send("POST", `/guilds/${workshop}/emojis`, { name: "new_one", image: png });
    expect(created.status).toBe(201);
    const emoji = (await created.json()) as Emoji;
    expect(emoji).toMatchObject({ name: "new_one", animated: false, available: true, require_colons: true, managed: false, roles: [], user: { id: USER_IDS.bot } });
    const picture = await fetch(`${cdn}/emojis/${emoji.id}.png`);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await picture.arrayBuffer()).toString("base64")).toBe(PNG);

    const renamed = await send("PATCH", `/guilds/${workshop}/emojis/${emoji.id}`, { name: "renamed" });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Emoji).name).toBe("renamed");
    expect((await emojisOf(workshop)).body.find((entry) => entry.id === emoji.id)?.name).toBe("renamed");

    expect((await send("DELETE", `/guilds/${workshop}/emojis/${emoji.id}`)).status).toBe(204);
    expect((await emojisOf(workshop)).body.some((entry) => entry.id === emoji.id)).toBe(false);
    expect(await (await send("DELETE", `/guilds/${workshop}/emojis/${emoji.id}`)).json()).toEqual({ message: "Unknown Emoji", code: 10014 });
  });

  it("makes a GIF an animated emoji", async () => {
    botMay(workshop, PERMISSIONS.ManageGuildExpressions);
    const created = await send("POST", `/guilds/${workshop}/emojis`, { name: "spinner", image: gif });
    expect(((await created.json()) as Emoji).animated).toBe(true);
  });

  it("refuses without MANAGE_GUILD_EXPRESSIONS (403 50013), and changes nothing", async () => {
    const before = emulator.state.guild(workshop)!.emojis.length;
    const refused = await send("POST", `/guilds/${workshop}/emojis`, { name: "nope", image: png });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Missing Permissions", code: 50013 });
    const solder = emulator.state.guild(workshop)!.emojis[0]!;
    expect((await send("PATCH", `/guilds/${workshop}/emojis/${solder.id}`, { name: "x_x" })).status).toBe(403);
    expect((await send("DELETE", `/guilds/${workshop}/emojis/${solder.id}`)).status).toBe(403);
    expect(emulator.state.guild(workshop)!.emojis.length).toBe(before);
  });

  it("refuses bad names, bad image data and pictures over 256 KiB with 50035, naming the field", async () => {
    botMay(workshop, PERMISSIONS.ManageGuildExpressions);
    const before = emulator.state.guild(workshop)!.emojis.length;
    const refusal = async (body: unknown) => {
      const response = await send("POST", `/guilds/${workshop}/emojis`, body);
      return { status: response.status, body: (await response.json()) as { code: number; errors: Record<string, { _errors: Array<{ code: string }> }> } };
    };
    for (const name of ["a", "x".repeat(33), "has space", "émoji"]) {
      const answer = await refusal({ name, image: png });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual(["name"]);
    }
    const text = await refusal({ name: "text", image: `data:text/plain;base64,${Buffer.from("hello").toString("base64")}` });
    expect(text.body.errors.image?._errors[0]?.code).toBe("IMAGE_INVALID");
    const huge = await refusal({ name: "huge", image: `data:image/png;base64,${Buffer.alloc(256 * 1024 + 1).toString("base64")}` });
    expect(huge).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(huge.body.errors.image?._errors[0]?.code).toBe("BINARY_TYPE_MAX_SIZE");
    expect(emulator.state.guild(workshop)!.emojis.length).toBe(before);
  });

  it("counts slots per kind by the boost tier: 400 30008 (30018 animated) once they are full", async () => {
    botMay(workshop, PERMISSIONS.ManageGuildExpressions);
    const guild = emulator.state.guild(workshop)!;
    guild.premium_tier = 0;
    const statics = guild.emojis.filter((emoji) => !emoji.animated).length;
    for (let index = statics; index < 50; index++) {
      guild.emojis.push({ id: emulator.state.newId(), name: `filler_${index}`, roles: [], user_id: null, require_colons: true, managed: false, animated: false, available: true });
    }
    const full = await send("POST", `/guilds/${workshop}/emojis`, { name: "one_more", image: png });
    expect(full.status).toBe(400);
    expect(await full.json()).toEqual({ message: "Maximum number of emojis reached (50)", code: 30008 });
    expect(guild.emojis.length).toBe(50 + guild.emojis.filter((emoji) => emoji.animated).length);
    // Animated slots are counted apart.
    expect((await send("POST", `/guilds/${workshop}/emojis`, { name: "still_room", image: gif })).status).toBe(201);
    // Tier 1 has 100 of each.
    guild.premium_tier = 1;
    expect((await send("POST", `/guilds/${workshop}/emojis`, { name: "one_more", image: png })).status).toBe(201);
  });
});
