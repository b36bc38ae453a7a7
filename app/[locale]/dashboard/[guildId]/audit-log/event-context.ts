import "server-only";
import { getTranslations } from "next-intl/server";
import type { FieldTexts } from "@/components/settings-form/types";
import type { AuditEventView } from "@/lib/audit-log/list-events";
import { getEnv } from "@/lib/env";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { languageLabel } from "@/lib/i18n/language-name";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { getGuild, getGuildMember } from "@/lib/platform/bot-api";
import { configFormSpec, itemFormSpec, type FormField } from "@/lib/plugins/form-spec";
import { getPlugin } from "@/lib/plugins/index";
import type { PluginText } from "../plugin-text";
import { eventWords, type Describer, type Scope } from "./describe";
import { isRecord, type FieldBook } from "./values";

// Everything the describing functions need to know about this guild and language: channel,
// role and member names, field labels and choices, and the words of the "auditLog" messages.

/** The server settings as audit events store them (lib/guilds/guild-settings.ts settingsView). */
const SERVER_FIELDS: FormField[] = [
  { name: "activePrefix", type: "string", default: "!" },
  { name: "application_commands_enabled", type: "boolean", default: true },
  { name: "application_commands_localized", type: "boolean", default: true },
  { name: "default_embed_color", type: "integer", ui: "color", default: null },
  { name: "ignored_channel_ids", type: "array", ui: "channels", default: [] },
  { name: "onboarding", type: "boolean", default: false },
  { name: "locale", type: "enum", options: [...LOCALES], default: null },
];

type Input = { locale: Locale; guildId: string; events: readonly AuditEventView[]; pluginText: PluginText };

export async function eventDescriber({ locale, guildId, events, pluginText }: Input): Promise<Describer> {
  const [t, pickers, members, guilds] = await Promise.all([
    getTranslations({ locale, namespace: "auditLog" }),
    getGuildPickers(guildId).catch(() => null),
    memberNames(guildId, events),
    guildNames(guildId, events),
  ]);
  // Text and announcement channels read as the platform writes them (#general); voice and categories by their name.
  const channels = new Map<string, string>(pickers?.channels.map((channel) => [channel.id, channel.type === 0 || channel.type === 5 ? `#${channel.name}` : channel.name]));
  const roles = new Map<string, string>(pickers?.roles.map((role) => [role.id, `@${role.name}`]));
  const words = eventWords(t as unknown as Parameters<typeof eventWords>[0]);
  const serverBook: FieldBook = {
    fields: SERVER_FIELDS,
    texts: Object.fromEntries(
      SERVER_FIELDS.map((field) => [
        field.name,
        { label: t(`serverFields.${field.name}`), ...(field.name === "locale" && { options: Object.fromEntries(LOCALES.map((code) => [code, languageLabel(code, locale)])) }) },
      ]),
    ) satisfies FieldTexts,
  };
  const books = new Map<string, FieldBook>();
  const linkBase = getEnv().DISCORD_OAUTH_URL;
  const pluginHref = (pluginId: string) => `/${locale}/dashboard/${guildId}/${pluginId}`;

  return {
    words,
    // Numbers as the sentences' counts are written (next-intl formats them with the route's locale).
    locale,
    names: { channel: (id) => channels.get(id), role: (id) => roles.get(id), known: pickers !== null },
    // Built like the item actions' "Open in Discord" link (components/settings-form/item-actions.tsx).
    messageHref: (channelId, messageId) => `${linkBase}/channels/${guildId}/${channelId}/${messageId}`,
    member: (userId) => members.get(userId),
    guildId,
    guild: (id) => guilds.get(id),
    plugin: (pluginId) => ({ text: pluginText.name(pluginId), href: pluginHref(pluginId) }),
    collection: (pluginId, collection) => ({ text: pluginText.collectionLabel(pluginId, collection), href: pluginHref(pluginId) }),
    book: (scope: Scope) => {
      if (scope === "guild") return serverBook;
      const key = `${scope.pluginId}/${scope.collection ?? ""}`;
      const cached = books.get(key);
      if (cached) return cached;
      const built = pluginBook(pluginText, scope.pluginId, scope.collection);
      books.set(key, built);
      return built;
    },
  };
}

/** Field specs and labels of a plugin's config or collection; a collection that posts messages says which field keeps the message. */
function pluginBook(pluginText: PluginText, pluginId: string, collection?: string): FieldBook {
  const plugin = getPlugin(pluginId);
  if (!plugin) return { fields: [], texts: {} };
  const fields = collection ? itemFormSpec(plugin, collection).fields : configFormSpec(plugin).fields;
  const texts = pluginText.fields(pluginId, fields, collection);
  const postedField = collection ? plugin.collections[collection]?.actions?.find((action) => action.postedField)?.postedField : undefined;
  const channel = fields.find((field) => field.ui === "channel")?.name;
  return { fields, texts, ...(postedField && channel && { posted: { field: postedField, channel } }) };
}

/** Members an event names (coins set, XP reset, giveaway winners, a case's member the case kept no name of), as the platform shows them; a member who left has none. */
function namedMembers(event: AuditEventView): string[] {
  const one = /^(?:economy-balance|levels-xp):(\d+)$/.exec(event.target)?.[1];
  if (one) return [one];
  const moderated = event.target.startsWith("moderation-case:") && isRecord(event.after) && isRecord(event.after.target) ? event.after.target : null;
  if (moderated) return typeof moderated.id === "string" && !moderated.name ? [moderated.id] : [];
  const winners = event.target.startsWith("giveaway:") && isRecord(event.after) ? event.after.winners : undefined;
  return Array.isArray(winners) ? winners.filter((id): id is string => typeof id === "string") : [];
}

async function memberNames(guildId: string, events: readonly AuditEventView[]): Promise<Map<string, string>> {
  const ids = [...new Set(events.flatMap(namedMembers))];
  const named = await Promise.all(
    ids.map(async (id) => {
      const member = await getGuildMember(guildId, id).catch(() => null);
      const name = member?.nick ?? member?.user?.global_name ?? member?.user?.username;
      return name ? ([[id, `@${name}`]] as const) : [];
    }),
  );
  return new Map(named.flat());
}

/** The other guild of each subscription moved to or from this one, named as the platform names it (unnamed when the bot left it). */
async function guildNames(guildId: string, events: readonly AuditEventView[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const event of events) {
    if (!event.target.startsWith("subscription:")) continue;
    for (const side of [event.before, event.after]) if (isRecord(side) && typeof side.guild_id === "string" && side.guild_id !== guildId) ids.add(side.guild_id);
  }
  const named = await Promise.all([...ids].map(async (id) => [id, (await getGuild(id).catch(() => null))?.name] as const));
  return new Map(named.filter((entry): entry is readonly [string, string] => typeof entry[1] === "string"));
}
