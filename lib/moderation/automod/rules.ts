import { RE2JS } from "re2js";
import type { AutomodAction, AutomodTrigger } from "./triggers";

// Automod rules: what a rule looks for (its trigger), whom it spares, and what the bot does when
// it matches. Regular expressions run on RE2 (re2js): linear time whatever the pattern, so a
// pattern like (a+)+$ cannot stall the bot on a long message. Pure: the server checks patterns
// with it (lib/plugins/rules.ts) and the dry run matches with it, as the bot does.

/** A rule as stored (the moderator plugin's `rules` collection). */
export type AutomodRule = {
  name: string;
  enabled: boolean;
  trigger: AutomodTrigger;
  words: string[];
  pattern: string;
  allowed_domains: string[];
  blocked_domains: string[];
  caps_percent: number;
  min_length: number;
  max_mentions: number;
  max_emojis: number;
  repeat_count: number;
  attachment_types: string[];
  exempt_role_ids: string[];
  exempt_channel_ids: string[];
  /** Messages in a channel of these categories are spared. */
  exempt_category_ids: string[];
  /** The rule applies only to accounts younger than this many days; 0: to every account. */
  new_accounts_days: number;
  /** The rule applies only to members who joined less than this many days ago; 0: to every member. */
  new_members_days: number;
  include_bots: boolean;
  actions: AutomodAction[];
  timeout_minutes: number;
  alert_channel_id: string | null;
};

/** A message as the rules see it. */
export type AutomodMessage = {
  content: string;
  authorId: string;
  authorBot: boolean;
  authorRoleIds: readonly string[];
  channelId: string;
  /** The category the message's channel sits in; null for a channel outside any category (or a pasted sample). */
  categoryId: string | null;
  /** Account creation time (ms), read from the author's id. */
  accountCreatedAt: number;
  /** When the author joined the guild (ms); null when unknown (left since). */
  joinedAt: number | null;
  attachments: ReadonlyArray<{ filename: string }>;
  /** The author's earlier messages in this channel, oldest first (for repeats). */
  earlier: readonly string[];
};

export type AutomodMatch = { rule: number; name: string; trigger: AutomodTrigger; detail: string; actions: AutomodAction[] };

/** Why a pattern cannot be a rule's: it does not compile under RE2 (backreferences, lookarounds). Null when it can. */
export function patternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : "invalid pattern";
  }
}

const INVITE = /(?:discord(?:app)?\.com\/invite|discord\.gg|dsc\.gg)\/[\w-]+/i;
const LINK = /\bhttps?:\/\/([^\s/$.?#<>]+\.[^\s/?#<>:]+)/gi;
const MENTION = /<@[!&]?\d{17,20}>/g;
const CUSTOM_EMOJI = /<a?:\w{2,32}:\d{17,20}>/g;
const UNICODE_EMOJI = /\p{Extended_Pictographic}/gu;
const DAY_MS = 86_400_000;

const fold = (text: string) => text.normalize("NFKC").toLocaleLowerCase();

/** Whole words, in any script: "ass" does not match "class". */
function words(text: string): Set<string> {
  return new Set(fold(text).split(/[^\p{L}\p{N}_'-]+/u).filter(Boolean));
}

function hostMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase();
  const d = domain.toLowerCase().replace(/^\*?\./, "");
  return h === d || h.endsWith(`.${d}`);
}

/** What the trigger found in the message (for the dry run and the log), or null. */
export function triggerDetail(rule: AutomodRule, message: AutomodMessage): string | null {
  const { content } = message;
  switch (rule.trigger) {
    case "words": {
      const found = words(content);
      return rule.words.find((word) => found.has(fold(word)) || (word.includes(" ") && fold(content).includes(fold(word)))) ?? null;
    }
    case "regex": {
      if (!rule.pattern || patternProblem(rule.pattern)) return null;
      const matcher = RE2JS.compile(rule.pattern, RE2JS.CASE_INSENSITIVE).matcher(content);
      return matcher.find() ? matcher.group() : null;
    }
    case "invites":
      return INVITE.exec(content)?.[0] ?? null;
    case "links": {
      for (const match of content.matchAll(LINK)) {
        const host = match[1]!;
        if (rule.blocked_domains.some((domain) => hostMatches(host, domain))) return host;
        if (rule.blocked_domains.length === 0 && !rule.allowed_domains.some((domain) => hostMatches(host, domain))) return host;
      }
      return null;
    }
    case "caps": {
      const letters = [...content].filter((char) => char.toLowerCase() !== char.toUpperCase());
      if (letters.length < rule.min_length) return null;
      const upper = letters.filter((char) => char === char.toUpperCase()).length;
      const percent = Math.round((upper / letters.length) * 100);
      return percent >= rule.caps_percent ? `${percent}%` : null;
    }
    case "mentions": {
      const count = content.match(MENTION)?.length ?? 0;
      return count >= rule.max_mentions ? String(count) : null;
    }
    case "emojis": {
      const count = (content.match(CUSTOM_EMOJI)?.length ?? 0) + (content.replace(CUSTOM_EMOJI, "").match(UNICODE_EMOJI)?.length ?? 0);
      return count >= rule.max_emojis ? String(count) : null;
    }
    case "repeats": {
      const same = fold(content).trim();
      if (!same) return null;
      const count = 1 + message.earlier.filter((earlier) => fold(earlier).trim() === same).length;
      return count >= rule.repeat_count ? String(count) : null;
    }
    case "attachments": {
      const types = rule.attachment_types.map((type) => type.toLowerCase().replace(/^\./, ""));
      return message.attachments.map((file) => file.filename.toLowerCase().split(".").pop() ?? "").find((extension) => types.includes(extension)) ?? null;
    }
  }
}

/** Whether the rule leaves this message alone: a bot, an exempt role, channel or category, an account or membership older than it watches. */
export function spares(rule: AutomodRule, message: AutomodMessage, now: number): boolean {
  if (message.authorBot && !rule.include_bots) return true;
  if (message.authorRoleIds.some((role) => rule.exempt_role_ids.includes(role))) return true;
  if (rule.exempt_channel_ids.includes(message.channelId)) return true;
  if (message.categoryId !== null && rule.exempt_category_ids.includes(message.categoryId)) return true;
  if (rule.new_accounts_days > 0 && now - message.accountCreatedAt >= rule.new_accounts_days * DAY_MS) return true;
  if (rule.new_members_days > 0 && (message.joinedAt === null || now - message.joinedAt >= rule.new_members_days * DAY_MS)) return true;
  return false;
}

/** Every enabled rule the message breaks, in the rules' order; none while automod is paused. */
export function evaluate(rules: readonly AutomodRule[], message: AutomodMessage, options: { now: number; paused: boolean }): AutomodMatch[] {
  if (options.paused) return [];
  return rules.flatMap((rule, index) => {
    if (!rule.enabled || spares(rule, message, options.now)) return [];
    const detail = triggerDetail(rule, message);
    return detail === null ? [] : [{ rule: index, name: rule.name, trigger: rule.trigger, detail, actions: [...rule.actions] }];
  });
}
