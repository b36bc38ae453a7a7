import type { AuditEventView } from "@/lib/audit-log/list-events";
import { parseTarget } from "@/lib/audit-log/target";
import { sameValue } from "@/lib/json/same-value";
import { isPlan } from "@/lib/billing/plans";
import { isLocale, LANGUAGES } from "@/lib/i18n/locales";
import { getPlugin } from "@/lib/plugins/index";
import { humanize } from "../plugin-text";
import { isEmpty, isRecord, shorten, showValue, type FieldBook, type Shown, type ValueContext, type ValueWords } from "./values";

// Turns an audit event into a sentence ("Ada changed 3 settings of Welcome") and the rows of
// what changed. The sentence is a message key with its values, so translators order the
// words while the page styles and links the names (./sentence.ts). Pure: the page passes
// names, labels and words, so tests need no server.

/** A name in a sentence: who, which plugin, item or channel; `href` links it, `full` is a shortened title's whole text. */
export type Entity = { text: string; href?: string; full?: string };

/** A message key of the "auditLog.sentences" messages and its values; numbers are ICU arguments (plurals). */
export type Sentence = { key: string; values: Record<string, Entity | number> };

export type DiffRow = { kind: "changed"; label: string; before: Shown; after: Shown } | { kind: "field"; label: string; value: Shown };

export type Description = {
  sentence: Sentence;
  rows: DiffRow[];
  /** The message the event posted, on the platform. */
  link?: string;
  /** What the revert button names ("Welcome", "Server settings"). */
  target: string;
};

export type EventWords = ValueWords & {
  enabled: string;
  value: string;
  coins: string;
  winners: string;
  serverSettings: string;
  /** An item whose title field is empty. */
  untitled: string;
  /** A member the platform does not name. */
  someone: string;
  /** The language's quotation marks around an item's title. */
  quote: (text: string) => string;
  /** A paid plan's name (lib/billing/plans.ts). */
  plan: (plan: string) => string;
  /** A server the platform does not name (a subscription moved to or from it). */
  otherServer: string;
  /** Who made a case the bot made on its own (a warning threshold reached). */
  bot: string;
  /** Who made a case in the platform's own client. */
  onPlatform: (name: string) => string;
  reason: string;
  duration: string;
  channels: string;
  failedChannels: string;
};

/** The auditLog messages' words for describing events, from a translator of that namespace (page and tests alike). */
export function eventWords(t: (key: string, values?: Record<string, string | number>) => string): EventWords {
  return {
    on: t("on"),
    off: t("off"),
    empty: t("empty"),
    deletedChannel: t("deletedChannel"),
    deletedRole: t("deletedRole"),
    unknownChannel: t("unknownChannel"),
    unknownRole: t("unknownRole"),
    postedMessage: t("postedMessage"),
    uploadedImage: t("uploadedImage"),
    defaultMessage: t("defaultMessage"),
    embeds: (count) => t("embeds", { count }),
    more: (count) => t("more", { count }),
    enabled: t("enabled"),
    value: t("value"),
    coins: t("coins"),
    winners: t("winners"),
    serverSettings: t("serverSettings"),
    untitled: t("untitled"),
    someone: t("someone"),
    quote: (text) => t("quote", { text }),
    plan: (plan) => (isPlan(plan) ? t(`plans.${plan}`) : humanize(plan)),
    otherServer: t("otherServer"),
    bot: t("moderationBot"),
    onPlatform: (name) => t("onPlatform", { name }),
    reason: t("reason"),
    duration: t("duration"),
    channels: t("channels"),
    failedChannels: t("failedChannels"),
  };
}

export type Scope = { pluginId: string; collection?: string } | "guild";

export type Describer = ValueContext & {
  words: EventWords;
  book: (scope: Scope) => FieldBook;
  /** A plugin's name, linked to its page. */
  plugin: (pluginId: string) => Entity;
  /** "Twitch · Streamers", linked to the plugin's page. */
  collection: (pluginId: string, collection: string) => Entity;
  /** "@Ada" for a member of the guild. */
  member: (userId: string) => string | undefined;
  /** The guild whose log this is: a subscription moved here or away from here. */
  guildId: string;
  /** Another guild's name, when the platform tells it. */
  guild: (guildId: string) => string | undefined;
};

const MAX_TITLE = 40;

const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** Who made a change, as the platform shows them to others. */
export const displayName = (user: Pick<AuditEventView["user"], "username" | "global_name">) => user.global_name || user.username;

export function describeEvent(event: AuditEventView, d: Describer): Description {
  const user: Entity = { text: displayName(event.user) };
  const balance = /^economy-balance:(\d+)$/.exec(event.target);
  if (balance) return coinsEvent(event, user, balance[1]!, d);
  if (event.target === "economy-balances") {
    const count = Number(record(event.before).members) || 0;
    return { sentence: { key: "economy.reset", values: { user, count } }, rows: [], target: d.plugin("economy").text };
  }
  const special =
    memberEvent(event, user, d) ?? giveawayEvent(event, user, d) ?? musicEvent(event, user, d) ?? billingEvent(event, user, d) ?? accountLinkEvent(event, user, d) ?? customBotEvent(event, user, d) ?? moderationEvent(event, user, d) ?? recordingEvent(event, user, d) ?? staffEvent(event, user, d);
  if (special) return special;
  const target = parseTarget(event.target);
  if (target?.kind === "plugin") return pluginEvent(event, user, target.pluginId, d);
  if (target?.kind === "item") return itemEvent(event, user, target.pluginId, target.collection, d);
  if (target?.kind === "guild") return guildEvent(event, user, d);
  return { sentence: { key: "other", values: { user } }, rows: genericRows(event.before, event.after, d), target: d.words.serverSettings };
}

/** A plugin's stored state is { enabled, config }: the switch reads as its own row, then each changed setting. */
function pluginRows(before: unknown, after: unknown, book: FieldBook, d: Describer): { switched: boolean; rows: DiffRow[] } {
  const left = record(before);
  const right = record(after);
  const switched = typeof left.enabled === "boolean" && typeof right.enabled === "boolean" && left.enabled !== right.enabled;
  const rows = changedRows(record(left.config), record(right.config), book, d);
  if (!switched) return { switched, rows };
  const onOff = (value: unknown): Shown => ({ text: value ? d.words.on : d.words.off });
  return { switched, rows: [{ kind: "changed", label: d.words.enabled, before: onOff(left.enabled), after: onOff(right.enabled) }, ...rows] };
}

function pluginEvent(event: AuditEventView, user: Entity, pluginId: string, d: Describer): Description {
  const plugin = d.plugin(pluginId);
  const { switched, rows } = pluginRows(event.before, event.after, d.book({ pluginId }), d);
  const settings = rows.length - (switched ? 1 : 0);
  const on = record(event.after).enabled === true;
  const key =
    rows.length === 0
      ? "plugin.unchanged"
      : event.action === "settings.import"
        ? "plugin.imported"
        : event.action === "revert"
          ? "plugin.reverted"
          : switched
            ? `plugin.${on ? "enabled" : "disabled"}${settings > 0 ? "Changed" : ""}`
            : "plugin.changed";
  // Imports and reverts count the switch as one of the settings they put back; a plain change names it apart.
  const count = key === "plugin.imported" || key === "plugin.reverted" ? rows.length : settings;
  return { sentence: { key, values: { user, plugin, count } }, rows, target: plugin.text };
}

function itemEvent(event: AuditEventView, user: Entity, pluginId: string, collection: string, d: Describer): Description {
  const definition = getPlugin(pluginId)!.collections[collection]!;
  const book = d.book({ pluginId, collection });
  const before = isRecord(event.before) ? event.before : null;
  const after = isRecord(event.after) ? event.after : null;
  const list = d.collection(pluginId, collection);
  const title = itemTitle(after ?? before ?? {}, definition.titleField, book, d);
  const describe = (key: string, rows: DiffRow[], extra: Record<string, Entity | number> = {}, link?: string): Description => ({
    sentence: { key, values: { user, title, collection: list, ...extra } },
    rows,
    target: list.text,
    ...(link && { link }),
  });
  const imported = event.action === "settings.import";
  const reverted = event.action === "revert";

  if (!before && after) return describe(imported ? "item.imported" : reverted ? "item.restored" : "item.added", fieldRows(after, book, d, title.full ? undefined : definition.titleField));
  if (before && !after) return describe(imported ? "item.importRemoved" : reverted ? "item.unadded" : "item.deleted", fieldRows(before, book, d, title.full ? undefined : definition.titleField));
  if (!before || !after) return describe("item.unchanged", []);

  const keys = changedKeys(before, after, book);
  const posted = book.posted;
  const messageId = posted ? after[posted.field] : undefined;
  // A post or send stores only the message it made (and where): it reads as that, with a link to the message.
  if (posted && event.action === "item.update" && typeof messageId === "string" && keys.includes(posted.field) && keys.every((key) => key === posted.field || key === posted.channel)) {
    const action = definition.actions?.find((candidate) => candidate.postedField === posted.field);
    const channelId = after[posted.channel];
    const channel = showValue(channelId, posted.channel, book, d, after);
    const link = typeof channelId === "string" ? d.messageHref(channelId, messageId) : undefined;
    return describe(action?.id === "send" ? "item.sent" : "item.posted", [], { channel: { text: channel.text } }, link);
  }
  if (keys.length === 0) return describe("item.unchanged", []);
  return describe(reverted ? "item.reverted" : "item.changed", rowsOf(keys, before, after, book, d), { count: keys.length });
}

function guildEvent(event: AuditEventView, user: Entity, d: Describer): Description {
  const rows = changedRows(record(event.before), record(event.after), d.book("guild"), d);
  const key = rows.length === 0 ? "guild.unchanged" : event.action === "settings.import" ? "guild.imported" : event.action === "revert" ? "guild.reverted" : "guild.changed";
  return { sentence: { key, values: { user, count: rows.length } }, rows, target: d.words.serverSettings };
}

/** XP resets of Levels: everyone's (`levels-xp`) or one member's (`levels-xp:{id}`). */
function memberEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  if (event.target === "levels-xp") {
    const count = Number(record(event.before).members) || 0;
    return { sentence: { key: "levels.resetAll", values: { user, count } }, rows: [], target: d.plugin("levels").text };
  }
  const player = /^levels-xp:(\d+)$/.exec(event.target)?.[1];
  if (!player) return null;
  return { sentence: { key: "levels.resetMember", values: { user, member: { text: d.member(player) ?? d.words.someone } } }, rows: [], target: d.plugin("levels").text };
}

const GIVEAWAY_STEPS: Readonly<Record<string, string>> = { running: "giveaways.started", cancelled: "giveaways.cancelled" };

/** A giveaway started, drawn (round 1), rerolled (round 2 and after) or cancelled (`giveaway:{id}`). */
function giveawayEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  if (!/^giveaway:[\w-]+$/.test(event.target)) return null;
  const after = record(event.after);
  const winners = Array.isArray(after.winners) ? after.winners.filter((id): id is string => typeof id === "string") : [];
  const round = Number(after.round) || 0;
  const key = after.status === "ended" ? (round > 1 ? "giveaways.rerolled" : "giveaways.ended") : (GIVEAWAY_STEPS[String(after.status)] ?? "other");
  const names = winners.map((id) => d.member(id) ?? d.words.someone);
  return {
    sentence: { key, values: { user, count: winners.length } },
    rows: names.length > 0 ? [{ kind: "changed", label: d.words.winners, before: { text: "", missing: true }, after: { text: names.join(", ") } }] : [],
    target: d.plugin("giveaways").text,
  };
}

/** The music player's queue and voice channel (`music:queue`, `music:voice`). */
function musicEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  if (event.target === "music:queue") return { sentence: { key: "music.queue", values: { user } }, rows: [], target: d.plugin("music").text };
  if (event.target !== "music:voice") return null;
  const channel = record(event.after).channel_id;
  const key = typeof channel === "string" ? "music.joined" : "music.left";
  return { sentence: { key, values: { user } }, rows: [], target: d.plugin("music").text };
}

/** A linked Twitch, X or TikTok account (`account-link:{plugin}`, lib/account-links/links.ts): linked, replaced or unlinked. */
function accountLinkEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  const plugin = /^account-link:(\w+)$/.exec(event.target)?.[1];
  if (!plugin) return null;
  const account = isRecord(event.after) ? event.after : record(event.before);
  const name: Entity = { text: String(account.display_name || account.name || "") || d.words.someone };
  const key = isRecord(event.after) ? "accounts.linked" : "accounts.unlinked";
  return { sentence: { key, values: { user, plugin: d.plugin(plugin), name } }, rows: [], target: d.plugin(plugin).text };
}

/** Each custom bot action's sentence (lib/custom-bot/store.ts writes them). */
const CUSTOM_BOT_SENTENCES: Readonly<Record<string, string>> = {
  "custom_bot.enable": "customBot.enabled",
  "custom_bot.update": "customBot.updated",
  "custom_bot.disable": "customBot.disabled",
  "custom_bot.block": "customBot.blocked",
  "custom_bot.acknowledge": "customBot.acknowledged",
  "custom_bot.status": "customBot.status",
  "custom_bot.backstory": "customBot.backstory",
  "custom_bot.avatar": "customBot.avatar",
  "custom_bot.token_handout": "customBot.tokenHandedOut",
};

/** The custom bot (`plugin:custom_bot:bot`): set up, given a new token, turned off (by its owner or its subscription's end), blocked, changed, its token read by a bot key. */
function customBotEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  if (event.target !== "plugin:custom_bot:bot") return null;
  const before = record(event.before);
  const after = record(event.after);
  const plugin = d.plugin("custom_bot");
  const name: Entity = { text: String(after.name ?? before.name ?? "") || plugin.text };
  if (event.action === "custom_bot.token_handout") return { sentence: { key: "customBot.tokenHandedOut", values: { key: { text: String(after.bot_key_name ?? "") }, name } }, rows: [], target: plugin.text };
  const lapsed = event.action === "custom_bot.disable" && after.status_reason === "subscription_ended";
  const key = lapsed ? "customBot.lapsed" : (CUSTOM_BOT_SENTENCES[event.action] ?? "other");
  const rows = event.action === "custom_bot.status" || event.action === "custom_bot.backstory" ? genericRows(before, after, d) : [];
  return { sentence: { key, values: { user, name } }, rows, target: plugin.text };
}

/** A recording deleted on the Record page (`plugin:record:recording:{id}`): its channel, as the recording row had it. */
function recordingEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  if (event.action !== "recording.delete") return null;
  const channelId = String(record(event.before).channelId ?? "");
  const channel: Entity = { text: d.names.channel(channelId) ?? (d.names.known ? d.words.deletedChannel : d.words.unknownChannel) };
  return { sentence: { key: "recording.deleted", values: { user, channel } }, rows: [], target: d.plugin("record").text };
}

/** Credits Guildhall's staff gave the server (`plugin:credits:grant:{line}`, lib/staff/grant.ts): the sentence says it was staff, the row why. */
function staffEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  if (event.action !== "staff.credits_grant") return null;
  const after = record(event.after);
  const count = typeof after.amount === "number" ? after.amount : 0;
  const rows: DiffRow[] = typeof after.reason === "string" ? [{ kind: "field", label: d.words.reason, value: { text: after.reason } }] : [];
  return { sentence: { key: "staff.creditsGranted", values: { user, count } }, rows, target: d.plugin("credits").text };
}

/** The part of a case (lib/moderation/cases.ts caseView) an audit row keeps that reads here. */
type CaseRecord = {
  type: string;
  target: { id: string; name: string | null };
  moderator: { kind: string; name: string | null };
  reason: string;
  duration_seconds: number | null;
  pardoned: unknown;
};

const asCase = (value: unknown): CaseRecord | null => (isRecord(value) && typeof value.type === "string" && isRecord(value.target) && isRecord(value.moderator) ? (value as CaseRecord) : null);

/** A length as "15 minutes", "2 hours", "3 days" in the largest unit that divides it. */
function lengthOf(seconds: number, locale: string): string {
  const [unit, size] = (
    [
      ["day", 86_400],
      ["hour", 3_600],
      ["minute", 60],
    ] as const
  ).find(([, length]) => seconds >= length && seconds % length === 0) ?? ["second", 1];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(seconds / size);
}

/**
 * Moderation (lib/moderation/audit-target.ts): a case made (`moderation-case:{n}`, "Ada banned
 * @sam (case #5)", the bot or the platform's client named as who acted), edited, pardoned or
 * deleted; the lockdown (`moderation-lockdown`) put on or lifted.
 */
function moderationEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  const target = d.plugin("moderator").text;
  if (event.target === "moderation-lockdown") return lockdownEvent(event, user, d, target);
  const number = /^moderation-case:(\d+)$/.exec(event.target)?.[1];
  if (!number) return null;
  const [before, after] = [asCase(event.before), asCase(event.after)];
  const page = d.plugin("moderator");
  const caseEntity: Entity = { text: `#${number}`, ...(page.href && { href: `${page.href}?case=${number}` }) };
  const describe = (key: string, rows: DiffRow[], who = user, extra: Record<string, Entity> = {}): Description => ({ sentence: { key: `moderation.${key}`, values: { user: who, case: caseEntity, ...extra } }, rows, target });
  if (!after) return describe("deleted", []);
  if (before) {
    const reasonRows: DiffRow[] = before.reason === after.reason ? [] : [{ kind: "changed", label: d.words.reason, before: { text: before.reason || d.words.empty, ...(!before.reason && { missing: true }) }, after: { text: after.reason || d.words.empty, ...(!after.reason && { missing: true }) } }];
    const pardon = Boolean(before.pardoned) === Boolean(after.pardoned) ? "edited" : after.pardoned ? "pardoned" : "unpardoned";
    return describe(pardon, reasonRows);
  }
  const who: Entity = after.moderator.kind === "bot" ? { text: d.words.bot } : after.moderator.kind === "platform" ? { text: d.words.onPlatform(after.moderator.name ?? d.words.someone) } : user;
  const member: Entity = { text: after.target.name ? `@${after.target.name}` : (d.member(after.target.id) ?? d.words.someone) };
  const rows: DiffRow[] = [
    ...(after.reason ? [{ kind: "field" as const, label: d.words.reason, value: { text: after.reason } }] : []),
    ...(after.duration_seconds ? [{ kind: "field" as const, label: d.words.duration, value: { text: lengthOf(after.duration_seconds, isLocale(d.locale) ? LANGUAGES[d.locale].tag : d.locale) } }] : []),
  ];
  return describe(CASE_SENTENCES.has(after.type) ? after.type : "edited", rows, who, { member });
}

const CASE_SENTENCES = new Set(["warn", "timeout", "timeout_removed", "kick", "ban", "unban", "softban", "note"]);

/** The lockdown put on (`locked_channel_ids`) or lifted (`unlocked_channel_ids`), with the channels that failed. */
function lockdownEvent(event: AuditEventView, user: Entity, d: Describer, target: string): Description {
  const after = record(event.after);
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : []);
  const name = (id: string) => d.names.channel(id) ?? (d.names.known ? d.words.deletedChannel : d.words.unknownChannel);
  const list = (channels: string[]): Shown => ({ text: channels.map(name).join(", ") });
  const failed = ids(after.failed_channel_ids);
  const failedRows: DiffRow[] = failed.length > 0 ? [{ kind: "field", label: d.words.failedChannels, value: list(failed) }] : [];
  if (Array.isArray(after.locked_channel_ids)) {
    const locked = ids(after.locked_channel_ids);
    return { sentence: { key: "moderation.locked", values: { user, count: locked.length } }, rows: [...(locked.length > 0 ? [{ kind: "field" as const, label: d.words.channels, value: list(locked) }] : []), ...failedRows], target };
  }
  const unlocked = ids(after.unlocked_channel_ids);
  const key = after.locked === false ? "moderation.lifted" : "moderation.unlocked";
  return { sentence: { key, values: { user, count: unlocked.length } }, rows: failedRows, target };
}

/** Statuses in which a subscription gives its plan (lib/billing/subscriptions.ts). */
const PAID = ["active", "in_trial", "non_renewing", "past_due"];

/**
 * A subscription's change (`subscription:{id}`, lib/billing/subscriptions.ts): bought, moved to
 * or from this guild, cancelled (to end with its period), renewed, given its free month, paused,
 * resumed or ended.
 */
function billingEvent(event: AuditEventView, user: Entity, d: Describer): Description | null {
  if (!/^subscription:[\w-]+$/.test(event.target)) return null;
  const before = isRecord(event.before) ? event.before : null;
  const after = record(event.after);
  const plan: Entity = { text: d.words.plan(String(after.plan ?? before?.plan ?? "")) };
  const end = typeof after.current_period_end === "string" ? new Date(after.current_period_end) : null;
  const date: Entity = { text: end && !Number.isNaN(end.getTime()) ? new Intl.DateTimeFormat(isLocale(d.locale) ? LANGUAGES[d.locale].tag : d.locale, { dateStyle: "long", timeZone: "UTC" }).format(end) : "" };
  const describe = (key: string, extra: Record<string, Entity> = {}): Description => ({ sentence: { key: `billing.${key}`, values: { user, plan, date, ...extra } }, rows: [], target: plan.text });
  if (before && before.guild_id !== after.guild_id) {
    const other = String(after.guild_id === d.guildId ? before.guild_id : after.guild_id);
    const guild: Entity = { text: d.guild(other) ?? d.words.otherServer };
    return describe(after.guild_id === d.guildId ? "movedIn" : "movedOut", { guild });
  }
  if (after.event === "free_month") return describe("freeMonth");
  const [was, is] = [String(before?.status ?? ""), String(after.status)];
  if (!PAID.includes(is)) return describe(is === "paused" ? "paused" : "ended");
  if (!PAID.includes(was)) return describe(was === "paused" ? "resumed" : "started");
  if (is === "non_renewing" && was !== "non_renewing") return describe("cancelled");
  if (was === "non_renewing" && is !== "non_renewing") return describe("resumed");
  if (is === "past_due" && was !== "past_due") return describe("pastDue");
  const previousEnd = typeof before?.current_period_end === "string" ? Date.parse(before.current_period_end) : NaN;
  if (end && end.getTime() > previousEnd) return describe("renewed");
  return describe("updated");
}

function coinsEvent(event: AuditEventView, user: Entity, memberId: string, d: Describer): Description {
  const coins = (value: unknown) => (typeof value === "number" ? value : 0);
  const [before, after] = [coins(record(event.before).coins), coins(record(event.after).coins)];
  const number = (value: number): Shown => ({ text: new Intl.NumberFormat(d.locale).format(value) });
  return {
    sentence: { key: "economy.coins", values: { user, member: { text: d.member(memberId) ?? d.words.someone }, coins: after } },
    rows: before === after ? [] : [{ kind: "changed", label: d.words.coins, before: number(before), after: number(after) }],
    target: d.plugin("economy").text,
  };
}

/** The quoted title of an item, short enough for a sentence; the whole title stays in `full`. */
function itemTitle(data: Record<string, unknown>, titleField: string, book: FieldBook, d: Describer): Entity {
  const raw = data[titleField];
  if (raw === null || raw === undefined || raw === "") return { text: d.words.untitled };
  const shown = showValue(raw, titleField, book, d, data);
  const short = shorten(shown.text, MAX_TITLE);
  const full = shown.full ?? short.full;
  return { text: d.words.quote(short.text), ...(full && { full }) };
}

const labelOf = (key: string, book: FieldBook, d: Describer) => book.texts[key]?.label ?? (key ? humanize(key) : d.words.value);

/** Keys in the order the form shows them (stored JSON does not keep one), then keys the form no longer has. */
function orderedKeys(book: FieldBook, ...records: Record<string, unknown>[]): string[] {
  return [...new Set([...book.fields.map((field) => field.name).filter((name) => records.some((entry) => name in entry)), ...records.flatMap((entry) => Object.keys(entry))])];
}

function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>, book: FieldBook): string[] {
  return orderedKeys(book, after, before).filter((key) => !sameValue(before[key], after[key]));
}

function rowsOf(keys: string[], before: Record<string, unknown>, after: Record<string, unknown>, book: FieldBook, d: Describer): DiffRow[] {
  return keys.map((key) => ({ kind: "changed", label: labelOf(key, book, d), before: showValue(before[key], key, book, d, before), after: showValue(after[key], key, book, d, after) }));
}

/** The keys whose value differs, each read through its field. */
function changedRows(before: Record<string, unknown>, after: Record<string, unknown>, book: FieldBook, d: Describer): DiffRow[] {
  return rowsOf(changedKeys(before, after, book), before, after, book, d);
}

/** The filled-in fields of an added or removed item; the title is already in the sentence unless it had to be shortened. */
function fieldRows(data: Record<string, unknown>, book: FieldBook, d: Describer, skip?: string): DiffRow[] {
  return orderedKeys(book, data)
    .filter((key) => key !== skip && !isEmpty(data[key]))
    .map((key) => ({ kind: "field", label: labelOf(key, book, d), value: showValue(data[key], key, book, d, data) }));
}

function genericRows(before: unknown, after: unknown, d: Describer): DiffRow[] {
  const book: FieldBook = { fields: [], texts: {} };
  if (isRecord(before) && isRecord(after)) return changedRows(before, after, book, d);
  if (sameValue(before, after)) return [];
  return [{ kind: "changed", label: d.words.value, before: showValue(before, "", book, d), after: showValue(after, "", book, d) }];
}
