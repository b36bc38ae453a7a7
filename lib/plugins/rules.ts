import "server-only";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { ApiError, fieldsError, type FieldIssue } from "@/lib/http/api-error";
import { roleIssue, type IssueCode } from "@/lib/validation/issues";
import { fieldIssue } from "@/lib/validation/server-messages";
import { findGuildUploadByKey } from "@/lib/images/uploads";
import { getGuildEmojis } from "@/lib/platform/bot-api";
import { parseCustomEmoji } from "@/lib/platform/custom-emoji";
import { ProviderError, providerApiError } from "@/lib/providers/errors";
import { patternProblem } from "@/lib/moderation/automod/rules";
import { lookupSource } from "@/lib/providers/routes";
import { FeedError } from "@/lib/providers/rss/feed";
import type { ProviderId } from "@/lib/providers/types";
import { channelTypesOf } from "./channel-uis";
import { channelsField, EMOJI_ERRORS } from "./fields";
import { collectReferences, mapFields } from "./schema-walk";
import type { PluginDefinition } from "./types";

// Checks that need the guild: ids and uploads must be the guild's own, premium-only
// fields and sizes need a premium guild. Run after zod, before any write.

/** The guild's own settings that point at something of the guild (PATCH /api/guilds/{id}). */
const GUILD_SETTINGS_REFERENCES = z.object({ ignored_channel_ids: channelsField(100) });

/** What a write stores: a plugin's config, an item of one of its collections, the guild's own settings, or a value of its own schema (the custom bot's backstory). */
export type WriteTarget = { plugin: PluginDefinition; collection?: string } | "guild" | { schema: z.ZodType };

/**
 * The one reference check of every write path (config and item endpoints, plugin endpoints that
 * save, audit revert, settings import, guild settings): every channel must be a channel of this
 * guild of the kind the field takes, every role a role of the guild, and one the bot can give when
 * the field says `gives` (below the bot's highest role, not an integration's, not @everyone);
 * every `upload:<key>` an image this guild uploaded; every custom emoji one of the guild's own
 * (the bot could not react with another guild's); every social source one its provider knows,
 * and every feed one that reads. Refuses with 400 `validation_failed` naming each field (a feed
 * with the reason it cannot be read), its path prefixed with `at` (where the value sits in a
 * larger document).
 */
export async function checkReferences(db: Db, guildId: string, target: WriteTarget, value: unknown, { at = "", what = "body" }: { at?: string; what?: string } = {}): Promise<void> {
  const schema = schemaOf(target);
  const references = collectReferences(schema, value);
  const emojis = customEmojiReferences(schema, value);
  const sources = sourceReferences(schema, value);
  const patterns = regexProblems(schema, value);
  if (patterns.length > 0) throw fieldsError(patterns.map((path) => fieldIssue(at && path ? `${at}.${path}` : at || path, "invalid_regex")), what);
  if (references.length === 0 && emojis.length === 0 && sources.length === 0) return;
  const [pickers, guildEmojis, badSources] = await Promise.all([
    references.some((ref) => ref.kind !== "upload") ? getGuildPickers(guildId) : { channels: [], roles: [] },
    emojis.length > 0 ? getGuildEmojis(guildId) : [],
    sourceProblems(sources),
  ]);
  const channels = new Map(pickers.channels.map((channel) => [channel.id, channel]));
  const roles = new Map(pickers.roles.map((role) => [role.id, role]));
  const ownEmojis = new Map(guildEmojis.map((emoji) => [emoji.id, emoji]));
  const fields: FieldIssue[] = [];
  const report = (path: string, code: IssueCode | null) => {
    if (code) fields.push(fieldIssue(at && path ? `${at}.${path}` : at || path, code));
  };
  for (const ref of references) report(ref.path, await problem(ref));
  for (const emoji of emojis) {
    const own = ownEmojis.get(emoji.id);
    report(emoji.path, !own ? EMOJI_ERRORS.notInGuild : own.available ? null : EMOJI_ERRORS.unavailable);
  }
  for (const source of badSources) report(source.path, source.code);
  if (fields.length > 0) throw fieldsError(fields, what);

  async function problem(ref: (typeof references)[number]): Promise<IssueCode | null> {
    if (ref.kind === "upload") return (await findGuildUploadByKey(db, guildId, ref.key)) ? null : "unknown_upload";
    if (ref.kind === "role") {
      const role = roles.get(ref.id);
      if (!role) return "unknown_role";
      return ref.gives && !role.assignable ? roleIssue(role.reason ?? "above_bot") : null;
    }
    const channel = channels.get(ref.id);
    if (!channel) return "unknown_channel";
    return channelTypesOf(ref.ui).includes(channel.type) ? null : "wrong_channel_type";
  }
}

/** The custom emojis (`<:name:id>`) that emoji fields of the value point at; unicode emoji need no check. */
function customEmojiReferences(schema: z.ZodType, value: unknown): Array<{ id: string; path: string }> {
  const found: Array<{ id: string; path: string }> = [];
  mapFields(schema, value, (meta, fieldValue, path) => {
    const custom = meta.ui === "emoji" && typeof fieldValue === "string" ? parseCustomEmoji(fieldValue) : null;
    if (custom) found.push({ id: custom.id, path });
    return fieldValue;
  });
  return found;
}

type SourceReference = { provider: ProviderId; id: string; path: string };

/** The social sources (`ui: "source"` fields) the value names. */
/** Paths of `ui: "regex"` fields RE2 cannot run (lookarounds, backreferences, bad syntax): such a rule would never match. */
function regexProblems(schema: z.ZodType, value: unknown): string[] {
  const found: string[] = [];
  mapFields(schema, value, (meta, fieldValue, path) => {
    if (meta.ui === "regex" && typeof fieldValue === "string" && fieldValue !== "" && patternProblem(fieldValue)) found.push(path);
    return fieldValue;
  });
  return found;
}

function sourceReferences(schema: z.ZodType, value: unknown): SourceReference[] {
  const found: SourceReference[] = [];
  mapFields(schema, value, (meta, fieldValue, path) => {
    if (meta.ui === "source" && meta.provider && typeof fieldValue === "string") found.push({ provider: meta.provider, id: fieldValue, path });
    return fieldValue;
  });
  return found;
}

/**
 * The sources that cannot be followed and why: unknown to their provider, or a feed that cannot
 * be read (its reason: a private address, a web page, broken XML…). Lookups are cached. A
 * provider that is down or has no credentials refuses the whole write (503), so nothing
 * unchecked is stored.
 */
async function sourceProblems(sources: SourceReference[]): Promise<Array<{ path: string; code: IssueCode }>> {
  const checked = await Promise.all(
    sources.map(async (source): Promise<{ path: string; code: IssueCode } | null> => {
      try {
        await lookupSource(source.provider, source.id);
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.code === "source_not_found") return { path: source.path, code: "source_not_found" };
        if (error instanceof FeedError) return { path: source.path, code: error.code };
        throw error instanceof ProviderError ? providerApiError(error) : error;
      }
    }),
  );
  return checked.filter((problem) => problem !== null);
}

function schemaOf(target: WriteTarget): z.ZodType {
  if (target === "guild") return GUILD_SETTINGS_REFERENCES;
  if ("schema" in target) return target.schema;
  if (target.collection === undefined) return target.plugin.configSchema;
  const collection = target.plugin.collections[target.collection];
  if (!collection) throw new Error(`unknown collection ${target.plugin.id}/${target.collection}`);
  return collection.itemSchema;
}

/** A free guild may not use a premium plugin, change a premium field, or exceed a field's free size. */
export function assertPremiumAllowed(plugin: PluginDefinition, schema: z.ZodType, value: unknown, premium: boolean): void {
  if (premium) return;
  const problem = premiumUse(plugin, schema, value);
  if (problem) throw premiumRequired(problem);
}

/** What in `value` only a premium guild may have (a premium plugin, a premium field changed, a size past the free one), or null. */
export function premiumUse(plugin: PluginDefinition, schema: z.ZodType, value: unknown): string | null {
  if (plugin.premium) return `${plugin.id} is a premium plugin.`;
  let problem: string | null = null;
  mapFields(schema, value, (meta, fieldValue, path, fieldSchema) => {
    if (problem) return fieldValue;
    if (meta.premium && JSON.stringify(fieldValue) !== JSON.stringify(fieldSchema.safeParse(undefined).data)) problem = `Changing ${path} needs premium.`;
    const size = Array.isArray(fieldValue) || typeof fieldValue === "string" ? fieldValue.length : 0;
    if (!problem && meta.freeMax !== undefined && size > meta.freeMax) problem = `Free servers may use ${meta.freeMax} at most in ${path}; premium raises the limit.`;
    return fieldValue;
  });
  return problem;
}

function premiumRequired(message: string): ApiError {
  return new ApiError(403, "premium_required", message);
}
