/** @jest-environment node */
// The emojis plugin's gallery against the platform emulator: GET server-emojis (the list and the
// slots per kind), POST serveremojis (multipart upload through the image pipeline), PATCH and
// DELETE serveremojis/{id}. Refused uploads (not an image, too large once processed, no slot
// left) leave the server's emojis as they were.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { POST as pluginPost } from "@/app/api/plugins/[...path]/route";
import { PERMISSIONS } from "@/emulators/platform/permissions";
import { resetEnvCache } from "@/lib/env";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { callForm, imageForm } from "@/test/multipart-client";
import { addScratchGuild, grantBot } from "@/test/scratch-guild";
import { signedInForThisBlock } from "@/test/sign-in";

const signedIn = signedInForThisBlock();
let guild: string; // a copy of workshop: Ada owns it, the bot is in it, boost tier 1

beforeAll(() => {
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  resetEnvCache();
});

beforeEach(() => {
  guild = addScratchGuild(signedIn.harness, "workshop");
  grantBot(signedIn.harness, guild, PERMISSIONS.ManageGuildExpressions);
});

type Emoji = { id: string; name: string; animated: boolean; available: boolean; url: string };
type Gallery = { emojis: Emoji[]; slots: { static: { used: number; max: number }; animated: { used: number; max: number } } };

const platformEmojis = () => signedIn.harness.emulator.state.guild(guild)!.emojis.map((emoji) => emoji.name);
const gallery = async () => (await readBody(await pluginCall(signedIn.jar, "GET", `/emojis/guilds/${guild}/server-emojis`))) as Gallery;
const upload = (bytes: Uint8Array, name: string, type = "image/png") =>
  callForm(pluginPost, `/api/plugins/emojis/guilds/${guild}/serveremojis`, imageForm(bytes, { type, extra: { name } }), {
    jar: signedIn.jar,
    params: { path: ["emojis", "guilds", guild, "serveremojis"] },
  });
const png = (side = 300) => sharp({ create: { width: side, height: side, channels: 4, background: "#36c" } }).png().toBuffer();

describe("the gallery (GET server-emojis)", () => {
  it("lists the server's emojis, static and animated, with their pictures and the slots per kind of its boost tier", async () => {
    const body = await gallery();
    expect(body.emojis.map((emoji) => [emoji.name, emoji.animated])).toEqual([
      ["solder", false],
      ["gear_spin", true],
      ["blue", false],
      ["ada_wave", true],
      ["old_logo", false],
    ]);
    const spinner = body.emojis.find((emoji) => emoji.name === "gear_spin")!;
    expect(spinner.url).toBe(`${signedIn.harness.emulator.url}/cdn/emojis/${spinner.id}.gif?size=128`);
    // Tier 1: 100 of each kind (spec 9).
    expect(body.slots).toEqual({ static: { used: 3, max: 100 }, animated: { used: 2, max: 100 } });
  });
});

describe("POST serveremojis", () => {
  it("uploads a picture scaled to 128 pixels as an emoji of the platform, which the gallery then shows", async () => {
    const response = await upload(await png(), "new_badge");
    expect(response.status).toBe(201);
    const { emoji } = (await readBody(response)) as { emoji: Emoji };
    expect(emoji).toMatchObject({ name: "new_badge", animated: false, available: true });
    const sent = signedIn.harness.emulator.state.emojiImages.get(emoji.id)!;
    expect(sent.contentType).toBe("image/png");
    expect(await sharp(sent.bytes).metadata()).toMatchObject({ width: 128, height: 128, format: "png" });
    expect((await gallery()).emojis.map((entry) => entry.name)).toContain("new_badge");
  });

  it("refuses what is not a picture (415), with nothing made", async () => {
    const response = await upload(new TextEncoder().encode("just some text"), "text_file", "text/plain");
    const body = await readBody(response);
    expect(response.status).toBe(415);
    expect(isEnvelope(body, 415) && body.code).toBe("emoji_type_unsupported");
    expect(platformEmojis()).toEqual(["solder", "gear_spin", "blue", "ada_wave", "old_logo"]);
  });

  it("refuses a JPEG: emojis take PNG, GIF or WebP", async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c63" } }).jpeg().toBuffer();
    expect((await readBody(await upload(jpeg, "photo", "image/jpeg"))) as { code: string }).toMatchObject({ code: "emoji_type_unsupported" });
    expect(platformEmojis()).toHaveLength(5);
  });

  it("refuses a picture over 256 KB once processed (413, a sentence in the caller's words), with nothing made", async () => {
    // 24 frames of noise: about 550 KB as a GIF even at 128 pixels.
    const side = 128;
    const frames = 24;
    const noisy = await sharp(randomBytes(side * side * frames * 3), { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } }).gif().toBuffer();
    const calls = signedIn.harness.callsTo("POST /guilds/:id/emojis");
    const response = await upload(noisy, "too_big", "image/gif");
    const body = await readBody(response);
    expect(response.status).toBe(413);
    expect(isEnvelope(body, 413) && body.code).toBe("emoji_too_large");
    expect(isEnvelope(body, 413) && body.fields?.[0]).toMatchObject({ path: "image", code: "emoji_too_large" });
    expect(platformEmojis()).toHaveLength(5);
    expect(signedIn.harness.callsTo("POST /guilds/:id/emojis")).toBe(calls);
  });

  it("refuses a name the platform would refuse, before any call", async () => {
    for (const name of ["x", "has space", "y".repeat(33), ""]) {
      const response = await upload(await png(16), name);
      const body = await readBody(response);
      expect(response.status).toBe(400);
      expect(isEnvelope(body, 400) && body.fields?.[0]?.code).toMatch(/invalid_emoji_name|required|too_short/);
    }
    expect(platformEmojis()).toHaveLength(5);
  });

  it("refuses an upload once the kind's slots are full, saying how many there are, with nothing made", async () => {
    const state = signedIn.harness.emulator.state.guild(guild)!;
    state.premium_tier = 0;
    for (let index = 3; index < 50; index++) {
      state.emojis.push({ id: signedIn.harness.emulator.state.newId(), name: `filler_${index}`, roles: [], user_id: null, require_colons: true, managed: false, animated: false, available: true });
    }
    const response = await upload(await png(16), "one_too_many");
    const body = await readBody(response);
    expect(response.status).toBe(409);
    expect(isEnvelope(body, 409) && body.code).toBe("emoji_slots_full");
    expect(isEnvelope(body, 409) && body.message).toBe("All 50 static emoji slots of this server are used. Delete one, or boost the server for more.");
    expect(state.emojis.some((emoji) => emoji.name === "one_too_many")).toBe(false);
    expect(state.emojis).toHaveLength(52);
  });

  it("says the bot lacks Manage Expressions when the platform refuses it", async () => {
    const other = addScratchGuild(signedIn.harness, "workshop");
    const response = await callForm(pluginPost, `/api/plugins/emojis/guilds/${other}/serveremojis`, imageForm(await png(16), { extra: { name: "nope" } }), {
      jar: signedIn.jar,
      params: { path: ["emojis", "guilds", other, "serveremojis"] },
    });
    expect(response.status).toBe(403);
    expect(((await readBody(response)) as { code: string }).code).toBe("emoji_bot_missing_permission");
  });
});

describe("PATCH and DELETE serveremojis/{id}", () => {
  it("renames an emoji on the platform, and deletes it", async () => {
    const solder = signedIn.harness.emulator.state.guild(guild)!.emojis.find((emoji) => emoji.name === "solder")!;
    const renamed = await pluginCall(signedIn.jar, "PATCH", `/emojis/guilds/${guild}/serveremojis/${solder.id}`, { body: { name: "hot_iron" } });
    expect(renamed.status).toBe(200);
    expect(((await readBody(renamed)) as { emoji: Emoji }).emoji).toMatchObject({ id: solder.id, name: "hot_iron" });
    expect(platformEmojis()[0]).toBe("hot_iron");
    expect((await gallery()).emojis[0]?.name).toBe("hot_iron");

    const deleted = await pluginCall(signedIn.jar, "DELETE", `/emojis/guilds/${guild}/serveremojis/${solder.id}`);
    expect(deleted.status).toBe(204);
    expect(platformEmojis()).not.toContain("hot_iron");
    const again = await pluginCall(signedIn.jar, "DELETE", `/emojis/guilds/${guild}/serveremojis/${solder.id}`);
    expect(again.status).toBe(404);
    expect(((await readBody(again)) as { code: string }).code).toBe("emoji_not_found");
  });

  it("refuses a bad new name with a field error, and leaves the emoji as it was", async () => {
    const solder = signedIn.harness.emulator.state.guild(guild)!.emojis.find((emoji) => emoji.name === "solder")!;
    const response = await pluginCall(signedIn.jar, "PATCH", `/emojis/guilds/${guild}/serveremojis/${solder.id}`, { body: { name: "no spaces allowed" } });
    const body = await readBody(response);
    expect(response.status).toBe(400);
    expect(isEnvelope(body, 400) && body.fields?.[0]).toMatchObject({ path: "name", code: "invalid_emoji_name" });
    expect(solder.name).toBe("solder");
  });
});
