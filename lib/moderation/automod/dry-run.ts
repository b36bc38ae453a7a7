import "server-only";
import type { APIMessage } from "discord-api-types/v10";
import type { Db } from "@/lib/db/client";
import { fieldsError } from "@/lib/http/api-error";
import { getGuildChannels, getGuildMember } from "@/lib/platform/bot-api";
import { listMessages } from "@/lib/platform/messages-api";
import { snowflakeToTimestamp } from "@/lib/platform/snowflake";
import { CHANNEL_TYPES_BY_UI } from "@/lib/plugins/channel-uis";
import { queryItems } from "@/lib/plugins/items";
import { moderator } from "@/lib/plugins/moderator/definition";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { fieldIssue } from "@/lib/validation/server-messages";
import { evaluate, type AutomodMatch, type AutomodMessage, type AutomodRule } from "./rules";

// The dry run: which rule each message breaks and what the bot would do, before a rule is
// saved. Messages are pasted samples (written as someone with no role who joined today, in no
// channel) or the last 50 of a text channel of the guild, read from the platform with their
// authors' roles and join dates, in that channel and its category. The matching is the rules'
// own (rules.ts), so the answer is what the bot does with the same rules. A rule saved
// switched off is tried too (and says so): that is how a new rule is tried before it acts.

export const DRY_RUN_CHANNEL_MESSAGES = 50;

/** A match of the dry run, saying whether its rule is switched on (a rule saved off is tried too, before it acts). */
export type DryRunMatch = AutomodMatch & { enabled: boolean };

export type DryRunResult = {
  paused: boolean;
  results: Array<{ message: { id: string | null; content: string; author: { id: string; name: string } | null }; matches: DryRunMatch[] }>;
};

/** The rules' matches as if each were on, each saying whether it is. */
function tryAll(rules: readonly AutomodRule[], message: AutomodMessage, now: number): DryRunMatch[] {
  return evaluate(
    rules.map((rule) => ({ ...rule, enabled: true })),
    message,
    { now, paused: false },
  ).map((match) => ({ ...match, enabled: rules[match.rule]!.enabled }));
}

/** The guild's saved rules, in their order, with their defaults filled in (a rule migrated from the old switches holds only what it needs). */
export async function savedRules(db: Db, guildId: string): Promise<AutomodRule[]> {
  const { items } = await queryItems(db, { guildId, pluginId: moderator.id, collection: "rules" }, { limit: 100, offset: 0 });
  return items.flatMap((item) => {
    const parsed = moderator.collections.rules!.itemSchema.safeParse(item.data);
    return parsed.success ? [parsed.data as AutomodRule] : [];
  });
}

/** Each message with, for repeats, what its author said before it in the same list. */
function withEarlier(messages: Omit<AutomodMessage, "earlier">[]): AutomodMessage[] {
  const said = new Map<string, string[]>();
  return messages.map((message) => {
    const key = `${message.authorId}:${message.channelId}`;
    const earlier = said.get(key) ?? [];
    said.set(key, [...earlier, message.content]);
    return { ...message, earlier };
  });
}

export async function dryRun(
  db: Db,
  guildId: string,
  input: { rules: AutomodRule[] | null; samples: Array<{ content: string; authorId: string | null }> | null; channelId: string | null },
  now = Date.now(),
): Promise<DryRunResult> {
  const [state, rules] = await Promise.all([readPluginState(db, guildId, moderator), input.rules ? Promise.resolve(input.rules) : savedRules(db, guildId)]);
  // A draft is tried as if automod were on: the kill switch is reported, not applied.
  const paused = state.config.automod_paused === true;
  if (input.channelId) {
    const channelId = input.channelId;
    // Only a text channel of this guild: the bot can read other guilds' channels too.
    const channel = (await getGuildChannels(guildId)).find((candidate) => candidate.id === channelId);
    if (!channel) throw fieldsError([fieldIssue("channel_id", "unknown_channel")], "body");
    if (!CHANNEL_TYPES_BY_UI.channel.includes(channel.type)) throw fieldsError([fieldIssue("channel_id", "wrong_channel_type")], "body");
    const categoryId = "parent_id" in channel ? (channel.parent_id ?? null) : null;
    const fetched = [...(await listMessages(channelId, { limit: DRY_RUN_CHANNEL_MESSAGES }))].reverse();
    const authors = new Map((await Promise.all([...new Set(fetched.map((message) => message.author.id))].map(async (id) => [id, await getGuildMember(guildId, id)] as const))).map(([id, member]) => [id, member]));
    const messages = withEarlier(
      fetched.map((message: APIMessage) => {
        const member = authors.get(message.author.id) ?? null;
        return {
          content: message.content,
          authorId: message.author.id,
          authorBot: message.author.bot === true,
          authorRoleIds: member?.roles ?? [],
          channelId,
          categoryId,
          accountCreatedAt: snowflakeToTimestamp(message.author.id),
          joinedAt: member?.joined_at ? Date.parse(member.joined_at) : null,
          attachments: message.attachments.map((file) => ({ filename: file.filename })),
        };
      }),
    );
    return {
      paused,
      results: messages.map((message, index) => ({
        message: { id: fetched[index]!.id, content: message.content, author: { id: message.authorId, name: fetched[index]!.author.global_name || fetched[index]!.author.username } },
        matches: tryAll(rules, message, now),
      })),
    };
  }
  const messages = withEarlier(
    (input.samples ?? []).map((sample) => ({
      content: sample.content,
      authorId: sample.authorId ?? "0",
      authorBot: false,
      authorRoleIds: [],
      channelId: "",
      categoryId: null,
      accountCreatedAt: sample.authorId ? snowflakeToTimestamp(sample.authorId) : now,
      joinedAt: now,
      attachments: [],
    })),
  );
  return {
    paused,
    results: messages.map((message) => ({ message: { id: null, content: message.content, author: null }, matches: tryAll(rules, message, now) })),
  };
}
