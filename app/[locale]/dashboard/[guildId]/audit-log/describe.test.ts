import { createTranslator } from "next-intl";
import type { FieldTexts, FormField } from "@/components/settings-form/types";
import type { AuditEventView } from "@/lib/audit-log/list-events";
import { configFormSpec, itemFormSpec } from "@/lib/plugins/form-spec";
import { getPlugin } from "@/lib/plugins/index";
import ar from "@/messages/ar.json";
import fr from "@/messages/fr.json";
import en from "@/messages/en.json";
import pluginsEn from "@/messages/plugins/en.json";
import { describeEvent, eventWords, type Describer, type Scope } from "./describe";
import { relativeTime } from "./relative-time";
import { sentenceParts, sentenceText } from "./sentence";
import type { FieldBook } from "./values";

// Every kind of audit event read as a sentence with the English messages, and the rows of
// what changed: channels and roles by name (or "deleted"), choices by their labels, switches
// as on/off, long texts shortened, posted messages as links.

const GUILD = "300000000000000001";
const ROLES_CHANNEL = "300000000000000010";
const GONE_CHANNEL = "300000000000000011";
const GAMERS = "300000000000000020";
const GONE_ROLE = "300000000000000021";
const MESSAGE = "300000000000000099";
const MEMBER = "300000000000000050";
const OWLS = "300000000000000060";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Field labels and choices as the page reads them from messages/plugins/en.json (plugin-text.ts). */
function texts(at: unknown, fields: readonly FormField[], prefix = ""): FieldTexts {
  const out: FieldTexts = {};
  for (const field of fields) {
    const node = isObject(at) ? at[field.name] : undefined;
    const entry = isObject(node) ? node : {};
    out[`${prefix}${field.name}`] = { label: typeof entry.label === "string" ? entry.label : field.name, ...(isObject(entry.options) && { options: entry.options as Record<string, string> }) };
    if (field.itemFields) Object.assign(out, texts(isObject(entry.fields) ? entry.fields : entry, field.itemFields, `${prefix}${field.name}.`));
  }
  return out;
}

function book(scope: Scope): FieldBook {
  if (scope === "guild") {
    const fields: FormField[] = [
      { name: "activePrefix", type: "string", default: "!" },
      { name: "default_embed_color", type: "integer", ui: "color", default: null },
      { name: "ignored_channel_ids", type: "array", ui: "channels", default: [] },
      { name: "locale", type: "enum", options: ["en", "fr"], default: null },
    ];
    return { fields, texts: { activePrefix: { label: "Command prefix" }, default_embed_color: { label: "Default embed colour" }, ignored_channel_ids: { label: "Ignored channels" }, locale: { label: "Bot language", options: { en: "English", fr: "Français" } } } };
  }
  const plugin = getPlugin(scope.pluginId)!;
  const messages = (pluginsEn as Record<string, Json>)[plugin.id]!;
  if (!scope.collection) return { fields: configFormSpec(plugin).fields, texts: texts(messages.fields, configFormSpec(plugin).fields) };
  const fields = itemFormSpec(plugin, scope.collection).fields;
  const collection = (messages.collections as Record<string, Json>)[scope.collection]!;
  const posted = plugin.collections[scope.collection]!.actions?.find((action) => action.postedField)?.postedField;
  return { fields, texts: texts(collection.fields, fields), ...(posted && { posted: { field: posted, channel: "channel_id" } }) };
}

/** Keys are built at run time here, so the translator is used without the messages' key types. */
type Translate = (key: string, values?: Record<string, string | number>) => string;
const t = createTranslator({ locale: "en", messages: en, namespace: "auditLog" }) as unknown as Translate;
const words = eventWords(t);

function describer(known = true): Describer {
  const channels: Record<string, string> = { [ROLES_CHANNEL]: "#roles" };
  const roles: Record<string, string> = { [GAMERS]: "@Gamers" };
  const names: Record<string, string> = { welcome: "Welcome", reaction_roles: "Reaction roles", guild_embeds: "Embeds", commands: "Custom commands", economy: "Economy" };
  return {
    words,
    locale: "en-US",
    names: { channel: (id) => channels[id], role: (id) => roles[id], known },
    messageHref: (channel, message) => `https://discord.example/channels/${GUILD}/${channel}/${message}`,
    book,
    plugin: (id) => ({ text: names[id] ?? id, href: `/en/dashboard/${GUILD}/${id}` }),
    collection: (pluginId, collection) => ({ text: pluginId === "reaction_roles" ? "Reaction role messages" : `${names[pluginId]} · ${collection}`, href: `/en/dashboard/${GUILD}/${pluginId}` }),
    member: (id) => (id === MEMBER ? "@Grace" : undefined),
    guildId: GUILD,
    guild: (id) => (id === OWLS ? "Night Owls" : undefined),
  };
}

const d = describer();
const format = (key: string, values: Record<string, string | number>) => t(`sentences.${key}`, values);

function event(action: string, target: string, before: unknown, after: unknown): AuditEventView {
  return { id: "7", user: { id: "1", username: "ada.lovelace", global_name: "Ada", avatar: null }, action, target, before, after, at: "2025-01-01T12:00:00.000Z", revertible: true };
}
/** The sentence as plain English. */
const say = (input: AuditEventView, describe: Describer = d) => sentenceText(format, describeEvent(input, describe).sentence);

const welcome = (overrides: Json = {}, enabled = true) => ({ enabled, config: { join_enabled: true, join_channel_id: null, join_message: "Hi", join_role_ids: [], ...overrides } });
const reactionMessage = (overrides: Json = {}) => ({ channel_id: ROLES_CHANNEL, message: "Pick your colour", mode: "normal", pairs: [{ emoji: "🎮", role_id: GAMERS }], message_id: null, ...overrides });

describe("plugin events", () => {
  it("counts the settings a change touched and names each by its label", () => {
    const description = describeEvent(event("plugin.update", "plugin:welcome", welcome(), welcome({ join_channel_id: ROLES_CHANNEL, join_message: "Hello", join_role_ids: [GAMERS] })), d);
    expect(sentenceText(format, description.sentence)).toBe("Ada changed 3 settings of Welcome");
    expect(description.rows).toEqual([
      { kind: "changed", label: "Welcome channel", before: { text: "none", missing: true }, after: { text: "#roles" } },
      { kind: "changed", label: "Welcome message", before: { text: "Hi" }, after: { text: "Hello" } },
      { kind: "changed", label: "Roles given on join", before: { text: "none", missing: true }, after: { text: "@Gamers" } },
    ]);
    expect(description.target).toBe("Welcome");
  });

  it("reads the switch alone as turning the plugin on or off, and with settings as both", () => {
    expect(say(event("plugin.update", "plugin:welcome", welcome({}, false), welcome()))).toBe("Ada turned on Welcome");
    expect(say(event("plugin.update", "plugin:welcome", welcome(), welcome({}, false)))).toBe("Ada turned off Welcome");
    expect(say(event("plugin.update", "plugin:welcome", welcome({}, false), welcome({ join_message: "Yo" })))).toBe("Ada turned on Welcome and changed 1 setting");
    expect(say(event("plugin.update", "plugin:welcome", welcome(), welcome({ join_message: "Yo" }, false)))).toBe("Ada turned off Welcome and changed 1 setting");
    const rows = describeEvent(event("plugin.update", "plugin:welcome", welcome({}, false), welcome()), d).rows;
    expect(rows).toEqual([{ kind: "changed", label: "Enabled", before: { text: "Off" }, after: { text: "On" } }]);
  });

  it("says when a change was an import, a revert, or changed nothing", () => {
    expect(say(event("settings.import", "plugin:welcome", welcome({}, false), welcome({ join_message: "Yo" })))).toBe("Ada imported 2 settings into Welcome");
    expect(say(event("revert", "plugin:welcome", welcome({ join_message: "Yo" }), welcome()))).toBe("Ada reverted 1 setting of Welcome");
    expect(say(event("plugin.update", "plugin:welcome", welcome(), welcome()))).toBe("Ada saved Welcome without changing anything");
  });

  it("names the user as the platform shows them, or by username when they set no display name", () => {
    const plain = { ...event("plugin.update", "plugin:welcome", welcome({}, false), welcome()), user: { id: "1", username: "ada.lovelace", global_name: null, avatar: null } };
    expect(say(plain)).toBe("ada.lovelace turned on Welcome");
  });

  it("links the plugin's name to its page", () => {
    const parts = sentenceParts(format, describeEvent(event("plugin.update", "plugin:welcome", welcome(), welcome({ join_message: "Yo" })), d).sentence);
    expect(parts).toEqual([{ name: "user", entity: { text: "Ada" } }, " changed 1 setting of ", { name: "plugin", entity: { text: "Welcome", href: `/en/dashboard/${GUILD}/welcome` } }]);
  });
});

describe("item events", () => {
  const target = "item:reaction_roles:messages:0b8c6a8e";

  it("reads a post as the message posted in its channel, with a link to it on the platform", () => {
    const description = describeEvent(event("item.update", target, reactionMessage(), reactionMessage({ message_id: MESSAGE })), d);
    expect(sentenceText(format, description.sentence)).toBe("Ada posted “Pick your colour” in #roles");
    expect(description.link).toBe(`https://discord.example/channels/${GUILD}/${ROLES_CHANNEL}/${MESSAGE}`);
    expect(description.rows).toEqual([]);
    // Posting again (the old message was gone) reads the same.
    expect(say(event("item.update", target, reactionMessage({ message_id: "300000000000000098" }), reactionMessage({ message_id: MESSAGE })))).toBe("Ada posted “Pick your colour” in #roles");
  });

  it("reads an embed message sent to another channel as sent there", () => {
    const embed = { name: "Rules", content: "", embeds: [{ title: "Be kind" }], channel_id: null, message_id: null };
    const description = describeEvent(event("item.update", "item:guild_embeds:embeds:1", embed, { ...embed, channel_id: ROLES_CHANNEL, message_id: MESSAGE }), d);
    expect(sentenceText(format, description.sentence)).toBe("Ada sent “Rules” to #roles");
    expect(description.link).toBe(`https://discord.example/channels/${GUILD}/${ROLES_CHANNEL}/${MESSAGE}`);
  });

  it("shows a message id among other changes as a link named 'posted message'", () => {
    const rows = describeEvent(event("item.update", target, reactionMessage({ message_id: MESSAGE }), reactionMessage({ message_id: null, mode: "unique" })), d).rows;
    expect(rows).toEqual([
      { kind: "changed", label: "Mode", before: { text: "Normal" }, after: { text: "Unique" } },
      { kind: "changed", label: "Posted message", before: { text: "posted message", href: `https://discord.example/channels/${GUILD}/${ROLES_CHANNEL}/${MESSAGE}` }, after: { text: "none", missing: true } },
    ]);
    expect(say(event("item.update", target, reactionMessage({ message_id: MESSAGE }), reactionMessage({ message_id: null, mode: "unique" })))).toBe("Ada changed 2 settings of “Pick your colour” in Reaction role messages");
  });

  it("lists the fields of an added item and reads choices, channels and role pairs by name", () => {
    const description = describeEvent(event("item.create", target, null, reactionMessage({ mode: "verify" })), d);
    expect(sentenceText(format, description.sentence)).toBe("Ada added “Pick your colour” to Reaction role messages");
    expect(description.rows).toEqual([
      { kind: "field", label: "Channel", value: { text: "#roles" } },
      { kind: "field", label: "Mode", value: { text: "Verify" } },
      { kind: "field", label: "Reactions and roles", value: { text: "🎮 @Gamers" } },
    ]);
  });

  it("names channels and roles that no longer exist as deleted", () => {
    const rows = describeEvent(event("item.delete", target, reactionMessage({ channel_id: GONE_CHANNEL, pairs: [{ emoji: "🔴", role_id: GONE_ROLE }] }), null), d).rows;
    expect(rows).toEqual([
      { kind: "field", label: "Channel", value: { text: "deleted channel", missing: true } },
      { kind: "field", label: "Mode", value: { text: "Normal" } },
      { kind: "field", label: "Reactions and roles", value: { text: "🔴 deleted role" } },
    ]);
    expect(say(event("item.delete", target, reactionMessage(), null))).toBe("Ada deleted “Pick your colour” from Reaction role messages");
  });

  it("does not call them deleted when the platform could not be asked", () => {
    const rows = describeEvent(event("item.delete", target, reactionMessage({ channel_id: GONE_CHANNEL }), null), describer(false)).rows;
    expect(rows[0]).toEqual({ kind: "field", label: "Channel", value: { text: "unknown channel", missing: true } });
  });

  it("shortens a long title and a long text, keeping the whole of both", () => {
    const long = `Pick the colour of your name below.\n\nEach reaction gives one role; remove it to lose the role. ${"More words. ".repeat(10)}`;
    const description = describeEvent(event("item.create", target, null, reactionMessage({ message: long })), d);
    const title = description.sentence.values.title as { text: string; full?: string };
    expect(title.text).toBe("“Pick the colour of your name below…”");
    expect(title.full).toBe(long);
    // The title was cut, so the whole message is among the rows, shortened to one line with the text kept.
    const message = description.rows.find((row) => row.label === "Message");
    expect(message).toEqual({ kind: "field", label: "Message", value: { text: expect.stringMatching(/^Pick the colour of your name below\. Each reaction.{20,}…$/), full: long } });
    expect(message?.kind === "field" && message.value.text.length).toBeLessThanOrEqual(80);
  });

  it("says how an item was imported, restored or taken back out", () => {
    const command = { name: "rules", response: "Read #rules", embeds: [], enabled: true, allowed_role_ids: [], allowed_channel_ids: [], cooldown_seconds: 0 };
    const commandTarget = "item:commands:commands:1";
    expect(say(event("settings.import", commandTarget, null, command))).toBe("Ada imported “rules” into Custom commands · commands");
    expect(say(event("settings.import", commandTarget, command, null))).toBe("Ada removed “rules” from Custom commands · commands while importing settings");
    expect(say(event("revert", commandTarget, null, command))).toBe("Ada restored “rules” in Custom commands · commands");
    expect(say(event("revert", commandTarget, command, null))).toBe("Ada undid adding “rules” to Custom commands · commands");
    expect(say(event("revert", commandTarget, { ...command, cooldown_seconds: 30 }, command))).toBe("Ada reverted 1 setting of “rules” in Custom commands · commands");
    expect(say(event("item.update", commandTarget, command, command))).toBe("Ada saved “rules” in Custom commands · commands without changing anything");
    const rows = describeEvent(event("item.update", commandTarget, command, { ...command, enabled: false, cooldown_seconds: 1500, embeds: [{ title: "A" }, { title: "B" }] }), d).rows;
    expect(rows).toEqual([
      { kind: "changed", label: "Embeds", before: { text: "none", missing: true }, after: { text: "2 embeds" } },
      { kind: "changed", label: "Active", before: { text: "On" }, after: { text: "Off" } },
      { kind: "changed", label: "Cooldown (seconds)", before: { text: "0" }, after: { text: "1,500" } },
    ]);
  });

  it("reads an item without a title as 'an item'", () => {
    expect(say(event("item.create", target, null, reactionMessage({ message: "" })))).toBe("Ada added an item to Reaction role messages");
  });
});

describe("server settings, coins and anything else", () => {
  const settings = { activePrefix: "!", default_embed_color: null, ignored_channel_ids: [], locale: null };

  it("reads server settings by label: colours as hex, languages by name, channel lists by name", () => {
    const description = describeEvent(event("guild.update", "guild", settings, { ...settings, default_embed_color: 0x5865f2, ignored_channel_ids: [ROLES_CHANNEL, GONE_CHANNEL], locale: "fr" }), d);
    expect(sentenceText(format, description.sentence)).toBe("Ada changed 3 server settings");
    expect(description.rows).toEqual([
      { kind: "changed", label: "Default embed colour", before: { text: "none", missing: true }, after: { text: "#5865F2", swatch: "#5865F2" } },
      { kind: "changed", label: "Ignored channels", before: { text: "none", missing: true }, after: { text: "#roles, deleted channel" } },
      { kind: "changed", label: "Bot language", before: { text: "none", missing: true }, after: { text: "Français" } },
    ]);
    expect(description.target).toBe("Server settings");
    expect(say(event("settings.import", "guild", settings, { ...settings, activePrefix: "?" }))).toBe("Ada imported 1 server setting");
    expect(say(event("revert", "guild", { ...settings, activePrefix: "?" }, settings))).toBe("Ada reverted 1 server setting");
    expect(say(event("guild.update", "guild", settings, settings))).toBe("Ada saved the server settings without changing anything");
  });

  it("reads a coin adjustment with the member's name, and a reset with how many members it cleared", () => {
    const coins = describeEvent(event("plugin.update", `economy-balance:${MEMBER}`, { coins: 10 }, { coins: 1250 }), d);
    expect(sentenceText(format, coins.sentence)).toBe("Ada set the coins of @Grace to 1,250");
    expect(coins.rows).toEqual([{ kind: "changed", label: "Coins", before: { text: "10" }, after: { text: "1,250" } }]);
    expect(say(event("plugin.update", "economy-balance:300000000000000051", { coins: 0 }, { coins: 5 }))).toBe("Ada set the coins of a member to 5");
    expect(say(event("plugin.update", "economy-balances", { members: 12 }, { members: 0 }))).toBe("Ada reset the coins of 12 members");
  });

  it("reads XP resets, giveaway steps with their winners, and music player changes", () => {
    expect(say(event("plugin.update", "levels-xp", { members: 40 }, { members: 0 }))).toBe("Ada reset the XP of 40 members");
    expect(say(event("plugin.update", `levels-xp:${MEMBER}`, { xp: 900, messages: 12 }, { xp: 0, messages: 0 }))).toBe("Ada reset the XP of @Grace");
    expect(say(event("plugin.update", "giveaway:item-1", { status: "scheduled" }, { status: "running", channel_id: "1", message_id: "2" }))).toBe("Ada started a giveaway");
    const ended = describeEvent(event("plugin.update", "giveaway:item-1", { status: "running" }, { status: "ended", winners: [MEMBER, "300000000000000051"], round: 1 }), d);
    expect(sentenceText(format, ended.sentence)).toBe("Ada ended a giveaway and drew 2 winners");
    expect(ended.rows).toEqual([{ kind: "changed", label: "Winners", before: { text: "", missing: true }, after: { text: "@Grace, a member" } }]);
    expect(say(event("plugin.update", "giveaway:item-1", { status: "ended" }, { status: "ended", winners: [MEMBER], round: 2 }))).toBe("Ada rerolled a giveaway: 1 new winner");
    expect(say(event("plugin.update", "giveaway:item-1", { status: "running" }, { status: "cancelled" }))).toBe("Ada cancelled a giveaway");
    expect(say(event("plugin.update", "music:queue", null, { track_id: "t" }))).toBe("Ada changed the music queue");
    expect(say(event("plugin.update", "music:voice", { channel_id: null }, { channel_id: "1" }))).toBe("Ada moved the bot to a voice channel");
    expect(say(event("plugin.update", "music:voice", { channel_id: "1" }, { channel_id: null }))).toBe("Ada made the bot leave its voice channel");
  });

  it("reads a linked and an unlinked account by the account's name", () => {
    const account = { id: "141981764", name: "adacodes", display_name: "AdaCodes", avatar_url: null };
    expect(say(event("account.link", "account-link:twitch", null, account))).toBe("Ada linked the twitch account AdaCodes");
    expect(say(event("account.unlink", "account-link:twitch", account, null))).toBe("Ada unlinked the twitch account AdaCodes");
    expect(describeEvent(event("account.link", "account-link:twitch", null, account), d).sentence.values.plugin).toEqual({ text: "twitch", href: `/en/dashboard/${GUILD}/twitch` });
  });

  it("reads an event it has no words for as a change, still with names for the ids it knows", () => {
    const description = describeEvent(event("plugin.update", "something:else", { channel: GONE_CHANNEL, role: GAMERS, on: true, upload: "upload:abc" }, { channel: ROLES_CHANNEL, role: GAMERS, on: false, upload: "upload:def" }), d);
    expect(sentenceText(format, description.sentence)).toBe("Ada made a change");
    expect(description.rows).toEqual([
      { kind: "changed", label: "Channel", before: { text: expect.stringMatching(/^300/) }, after: { text: "#roles" } },
      { kind: "changed", label: "On", before: { text: "On" }, after: { text: "Off" } },
      { kind: "changed", label: "Upload", before: { text: "uploaded image" }, after: { text: "uploaded image" } },
    ]);
  });

  it("keeps long lists short and says how many more there are", () => {
    const words = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const rule = (list: string[]) => ({ name: "Words", trigger: "words", words: list });
    const rows = describeEvent(event("item.update", "item:moderator:rules:1", rule([]), rule(words)), d).rows;
    expect(rows).toEqual([{ kind: "changed", label: "Words and phrases", before: { text: "none", missing: true }, after: { text: "a, b, c, d, e, f", more: "+2 more", full: "a, b, c, d, e, f, g, h" } }]);
  });
});

describe("sentences in other languages", () => {
  it("puts names where the translation wants them (Arabic, right to left)", () => {
    const tAr = createTranslator({ locale: "ar", messages: ar, namespace: "auditLog" }) as unknown as Translate;
    const formatAr = (key: string, values: Record<string, string | number>) => tAr(`sentences.${key}`, values);
    const description = describeEvent(event("item.update", "item:reaction_roles:messages:1", reactionMessage(), reactionMessage({ message_id: MESSAGE })), { ...d, words: { ...words, quote: (text) => tAr("quote", { text }) } });
    expect(sentenceText(formatAr, description.sentence)).toBe("Ada نشر «Pick your colour» في #roles");
    expect(sentenceText(formatAr, describeEvent(event("plugin.update", "plugin:welcome", welcome(), welcome({ join_message: "a", join_role_ids: [GAMERS] })), d).sentence)).toBe("Ada غيّر إعدادين في Welcome");
  });
});

describe("relative times", () => {
  it("formats them in the page's language", () => {
    const now = new Date("2025-01-01T12:00:00Z");
    expect(relativeTime(new Date("2025-01-01T11:57:00Z"), now, "en")).toBe("3 minutes ago");
    expect(relativeTime(new Date("2024-12-31T12:00:00Z"), now, "en")).toBe("yesterday");
  });
});

describe("billing events", () => {
  const target = "subscription:5d1c0a4e-7f1b-4c39-9a57-2b7e0c6f9d11";
  const state = (overrides: Json = {}) => ({ status: "active", plan: "premium", guild_id: GUILD, current_period_end: "2026-12-25T12:00:00.000Z", buffs: ["premium"], ...overrides });
  const billing = (before: unknown, after: unknown) => say(event("billing.update", target, before, after));

  it("says who started a plan, and names the plan", () => {
    expect(billing(null, state())).toBe("Ada started Premium");
    expect(billing(null, state({ plan: "bundle", buffs: ["premium", "pro"] }))).toBe("Ada started Premium + Pro");
    expect(billing(state({ status: "cancelled", buffs: [] }), state({ plan: "web3" }))).toBe("Ada started Web3");
  });

  it("dates the end of a cancelled plan, and a renewal, in the reader's language", () => {
    expect(billing(state(), state({ status: "non_renewing" }))).toBe("Ada cancelled Premium: it ends on December 25, 2026");
    expect(billing(state(), state({ current_period_end: "2027-01-25T12:00:00.000Z" }))).toBe("Premium bought by Ada renewed until January 25, 2027");
    const description = describeEvent(event("billing.update", target, state(), state({ status: "non_renewing" })), d);
    expect(description).toMatchObject({ rows: [], target: "Premium" });
  });

  it("reads a lapse, a pause, a failed payment and a comeback", () => {
    expect(billing(state(), state({ status: "cancelled", buffs: [] }))).toBe("Premium bought by Ada ended");
    expect(billing(state(), state({ status: "paused", buffs: [] }))).toBe("Premium bought by Ada was paused");
    expect(billing(state({ status: "paused" }), state())).toBe("Premium bought by Ada is running again");
    expect(billing(state({ status: "non_renewing" }), state())).toBe("Premium bought by Ada is running again");
    expect(billing(state(), state({ status: "past_due" }))).toBe("A payment for Premium bought by Ada failed: it stays on while the payment is tried again");
    expect(billing(state(), state({ status: "in_trial" }))).toBe("Premium bought by Ada was updated");
  });

  it("names the free month an owner took, with the new end", () => {
    expect(billing(state(), state({ status: "in_trial", current_period_end: "2027-01-25T12:00:00.000Z", event: "free_month" }))).toBe("Ada added a free month to Premium: it now runs until January 25, 2027");
  });

  it("reads a transfer from this guild's side: moved away to the other guild, or moved here from it", () => {
    const other = "300000000000000070";
    expect(billing(state(), state({ guild_id: OWLS }))).toBe("Ada moved Premium to Night Owls");
    expect(billing(state({ guild_id: OWLS }), state())).toBe("Ada moved Premium here from Night Owls");
    expect(billing(state(), state({ guild_id: other }))).toBe("Ada moved Premium to another server");
  });
});

describe("moderation events", () => {
  const SAM = "300000000000000051";
  const caseView = (overrides: Json = {}) => ({
    id: 5, type: "ban", target: { id: SAM, name: "sam" }, moderator: { kind: "dashboard", id: "1", name: null }, reason: "Raid", duration_seconds: null, expires_at: null,
    pardoned: null, related_case_id: null, source: "dashboard", version: 1, created_at: "2025-01-01T12:00:00.000Z", updated_at: "2025-01-01T12:00:00.000Z", ...overrides,
  });
  const moderation = (target: string, before: unknown, after: unknown) => describeEvent(event("moderation.case", target, before, after), { ...d, plugin: (id) => ({ text: id === "moderator" ? "Moderator" : id, href: `/en/dashboard/${GUILD}/${id}` }) });

  it("reads a case made as who did what to whom, linking the case, with its reason and length", () => {
    const made = moderation("moderation-case:5", null, caseView());
    expect(sentenceText(format, made.sentence)).toBe("Ada banned @sam (case #5)");
    expect(made.sentence.values.case).toEqual({ text: "#5", href: `/en/dashboard/${GUILD}/moderator?case=5` });
    expect(made.rows).toEqual([{ kind: "field", label: "Reason", value: { text: "Raid" } }]);
    expect(made.target).toBe("Moderator");
    const timeout = moderation("moderation-case:6", null, caseView({ id: 6, type: "timeout", duration_seconds: 900, moderator: { kind: "bot", id: "2", name: null }, reason: "" }));
    expect(sentenceText(format, timeout.sentence)).toBe("The bot timed out @sam (case #6)");
    expect(timeout.rows).toEqual([{ kind: "field", label: "Duration", value: { text: "15 minutes" } }]);
    expect(sentenceText(format, moderation("moderation-case:7", null, caseView({ type: "kick", moderator: { kind: "platform", id: "3", name: "Chen" } })).sentence)).toBe("Chen on Discord kicked @sam (case #7)");
    expect(sentenceText(format, moderation("moderation-case:8", null, caseView({ type: "note", target: { id: MEMBER, name: null } })).sentence)).toBe("Ada added a note about @Grace (case #8)");
  });

  it("reads an edit, a pardon given or lifted and a delete", () => {
    const edited = moderation("moderation-case:3", caseView({ reason: "Raid" }), caseView({ reason: "Raid on #general", version: 2 }));
    expect(sentenceText(format, edited.sentence)).toBe("Ada edited case #3");
    expect(edited.rows).toEqual([{ kind: "changed", label: "Reason", before: { text: "Raid" }, after: { text: "Raid on #general" } }]);
    const pardon = { by: "1", at: "2025-01-02T12:00:00.000Z" };
    expect(sentenceText(format, moderation("moderation-case:3", caseView(), caseView({ pardoned: pardon })).sentence)).toBe("Ada pardoned case #3");
    expect(sentenceText(format, moderation("moderation-case:3", caseView({ pardoned: pardon }), caseView()).sentence)).toBe("Ada lifted the pardon of case #3");
    expect(sentenceText(format, moderation("moderation-case:3", caseView(), null).sentence)).toBe("Ada deleted case #3");
  });

  it("reads a lockdown put on (naming the channels, and those that failed) and lifted", () => {
    const locked = moderation("moderation-lockdown", { locked: false }, { locked: true, locked_channel_ids: [ROLES_CHANNEL, GONE_CHANNEL, ROLES_CHANNEL], failed_channel_ids: [GONE_CHANNEL] });
    expect(sentenceText(format, locked.sentence)).toBe("Ada locked 3 channels");
    expect(locked.rows).toEqual([
      { kind: "field", label: "Channels", value: { text: "#roles, deleted channel, #roles" } },
      { kind: "field", label: "Failed", value: { text: "deleted channel" } },
    ]);
    expect(sentenceText(format, moderation("moderation-lockdown", { locked: true }, { locked: false, unlocked_channel_ids: [ROLES_CHANNEL], failed_channel_ids: [] }).sentence)).toBe("Ada lifted the lockdown");
    expect(sentenceText(format, moderation("moderation-lockdown", { locked: true }, { locked: true, unlocked_channel_ids: [ROLES_CHANNEL], failed_channel_ids: [GONE_CHANNEL] }).sentence)).toBe("Ada unlocked 1 channel");
  });

  it("says them in the reader's language", () => {
    const tFr = createTranslator({ locale: "fr", messages: fr, namespace: "auditLog" }) as unknown as Translate;
    const formatFr = (key: string, values: Record<string, string | number>) => tFr(`sentences.${key}`, values);
    expect(sentenceText(formatFr, moderation("moderation-case:5", null, caseView()).sentence)).toBe("Ada a banni @sam (cas #5)");
    const tAr = createTranslator({ locale: "ar", messages: ar, namespace: "auditLog" }) as unknown as Translate;
    const formatAr = (key: string, values: Record<string, string | number>) => tAr(`sentences.${key}`, values);
    expect(sentenceText(formatAr, moderation("moderation-lockdown", { locked: false }, { locked: true, locked_channel_ids: [ROLES_CHANNEL, ROLES_CHANNEL, ROLES_CHANNEL], failed_channel_ids: [] }).sentence)).toBe("أغلق Ada 3 قنوات");
  });
});

describe("staff actions", () => {
  const granted = event("staff.credits_grant", "plugin:credits:grant:12", null, { staff: true, amount: 40, reason: "Refund for the outage" });

  it("say that Guildhall's staff acted, how many credits they gave and why", () => {
    const description = describeEvent({ ...granted, user: { id: "9", username: "staff.sam", global_name: "Sam", avatar: null } }, { ...d, plugin: (id) => ({ text: id === "credits" ? "Credits" : id }) });
    expect(sentenceText(format, description.sentence)).toBe("Sam (Guildhall staff) gave this server 40 credits");
    expect(description.rows).toEqual([{ kind: "field", label: "Reason", value: { text: "Refund for the outage" } }]);
    expect(description.target).toBe("Credits");
  });

  it("says it in the reader's language", () => {
    const tFr = createTranslator({ locale: "fr", messages: fr, namespace: "auditLog" }) as unknown as Translate;
    expect(sentenceText((key, values) => tFr(`sentences.${key}`, values), describeEvent(granted, d).sentence)).toBe("Ada (équipe Guildhall) a donné 40 crédits à ce serveur");
  });
});
