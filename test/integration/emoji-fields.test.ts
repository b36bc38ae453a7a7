/** @jest-environment node */
// Emoji fields (ui "emoji": reaction roles, giveaways, economy, achievements): exactly one
// unicode emoji, or a custom emoji of this guild. The syntax is the field's zod schema, the
// guild's own emoji list the reference check; both refuse with 400 validation_failed naming the field.
import { emojiField, EMOJI_ERRORS, isEmojiValue, requiredEmojiField } from "@/lib/plugins/fields";
import { fieldIssue } from "@/lib/validation/server-messages";
import { resetEnvCache } from "@/lib/env";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { guildRefs } from "@/test/guild-harness";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInForThisBlock } from "@/test/sign-in";

const ACCEPTED = [
  ["a single emoji", "🎉"],
  ["a skin tone", "👋🏽"],
  ["a ZWJ family", "👨‍👩‍👧‍👦"],
  ["a ZWJ flag", "🏳️‍🌈"],
  ["a keycap", "1️⃣"],
  ["a country flag", "🇫🇷"],
  ["a heart with its variation selector", "❤️"],
  ["a custom emoji reference", "<:blob:323456789012345678>"],
  ["an animated custom emoji reference", "<a:blob_dance:323456789012345678>"],
] as const;

const REFUSED = [
  ["a shortcode", ":smile:"],
  ["text", "ok"],
  ["two emoji", "🎉🎉"],
  ["an emoji with text", "🎉 yay"],
  ["a digit alone", "1"],
  ["a custom emoji without brackets", "blob:323456789012345678"],
  ["a custom emoji with a short id", "<:blob:123>"],
  ["a custom emoji with a bad name", "<:b l o b:323456789012345678>"],
] as const;

describe("the emoji field schema", () => {
  it.each(ACCEPTED)("accepts %s", (_label, value) => {
    expect(isEmojiValue(value)).toBe(true);
    expect(emojiField().safeParse(value).success).toBe(true);
    expect(requiredEmojiField().safeParse(value).success).toBe(true);
  });

  it.each(REFUSED)("refuses %s with the emoji message", (_label, value) => {
    const result = requiredEmojiField().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([EMOJI_ERRORS.invalid]);
    expect(emojiField().safeParse(value).success).toBe(false);
  });

  it("takes empty as none where the field is optional, and asks for a value where it is required", () => {
    expect(emojiField("🎉").parse(undefined)).toBe("🎉");
    expect(emojiField("🎉").safeParse("").success).toBe(true);
    const required = requiredEmojiField().safeParse("");
    expect(required.error?.issues).toHaveLength(1);
    expect(required.error?.issues[0]?.message).not.toBe(EMOJI_ERRORS.invalid);
  });
});

describe("emoji fields through the API", () => {
  const signedIn = signedInForThisBlock();
  let guild: string; // a copy of workshop: Ada owns it
  let refs: { channel: string; role: string };
  const emojiNamed = (guildId: string, name: string) => signedIn.harness.emulator.state.guild(guildId)!.emojis.find((emoji) => emoji.name === name)!;
  const ref = (guildId: string, name: string) => {
    const emoji = emojiNamed(guildId, name);
    return `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>`;
  };

  beforeAll(async () => {
    process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
    resetEnvCache();
    guild = addScratchGuild(signedIn.harness, "workshop");
    refs = await guildRefs(guild);
  });

  const patchGiveaways = (entry_emoji: string) => pluginCall(signedIn.jar, "PATCH", `/giveaways/config/${guild}`, { body: { entry_emoji } });

  async function refused(response: Response): Promise<Envelope["fields"]> {
    const body = (await readBody(response)) as Envelope;
    expect({ status: response.status, code: body.code }).toEqual({ status: 400, code: "validation_failed" });
    return body.fields;
  }

  it.each([...ACCEPTED.slice(0, 7), ["nothing (the field is optional)", ""] as const])("stores %s", async (_label, value) => {
    const response = await patchGiveaways(value);
    expect(response.status).toBe(200);
    expect(((await readBody(response)) as { config: { entry_emoji: string } }).config.entry_emoji).toBe(value);
  });

  it("refuses :smile: and text with a field error on entry_emoji", async () => {
    for (const value of [":smile:", "party"]) expect(await refused(await patchGiveaways(value))).toEqual([fieldIssue("entry_emoji", EMOJI_ERRORS.invalid)]);
  });

  it("stores a custom emoji of this guild, static or animated", async () => {
    for (const name of ["solder", "gear_spin"]) {
      const response = await patchGiveaways(ref(guild, name));
      expect(response.status).toBe(200);
      expect(((await readBody(response)) as { config: { entry_emoji: string } }).config.entry_emoji).toBe(ref(guild, name));
    }
    expect(ref(guild, "gear_spin")).toMatch(/^<a:gear_spin:\d+>$/);
  });

  it("refuses a custom emoji of another guild, an unknown one, and one the guild can no longer use", async () => {
    const other = addScratchGuild(signedIn.harness, "nightOwls");
    expect(await refused(await patchGiveaways(ref(other, "owl")))).toEqual([fieldIssue("entry_emoji", EMOJI_ERRORS.notInGuild)]);
    expect(await refused(await patchGiveaways("<:blob:323456789012345678>"))).toEqual([fieldIssue("entry_emoji", EMOJI_ERRORS.notInGuild)]);
    expect(await refused(await patchGiveaways(ref(guild, "old_logo")))).toEqual([fieldIssue("entry_emoji", EMOJI_ERRORS.unavailable)]);
  });

  it("names the pair of a reaction role item whose emoji is not the guild's", async () => {
    const other = addScratchGuild(signedIn.harness, "lofi");
    const base = `/reaction_roles/guilds/${guild}/messages`;
    const item = (emoji: string) => ({ channel_id: refs.channel, message: "Pick one", pairs: [{ emoji: "🔴", role_id: refs.role }, { emoji, role_id: refs.role }] });
    expect(await refused(await pluginCall(signedIn.jar, "POST", base, { body: item(ref(other, "chill")) }))).toEqual([fieldIssue("pairs.1.emoji", EMOJI_ERRORS.notInGuild)]);
    expect(await refused(await pluginCall(signedIn.jar, "POST", base, { body: item(":tada:") }))).toEqual([fieldIssue("pairs.1.emoji", EMOJI_ERRORS.invalid)]);
    const created = await pluginCall(signedIn.jar, "POST", base, { body: item(ref(guild, "blue")) });
    expect(created.status).toBe(201);
  });
});
