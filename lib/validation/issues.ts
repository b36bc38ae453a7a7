import type { z } from "zod";

// Why: a failed check must reach a user as a sentence in their language, in the browser
// (as they type) and in the API's envelope alike. zod's own messages are developer
// English, so every issue is reduced here to a stable code (a key of
// messages/validation/<locale>.json) plus the numbers its sentence needs. Client-safe.

/** Failures our own schemas name: a check passes one as its error, `.regex(P, issue("invalid_link"))`. */
export const CUSTOM_ISSUES = [
  "invalid_id",
  "invalid_link",
  "invalid_timezone",
  "invalid_date",
  "date_range_reversed",
  "invalid_emoji",
  "emoji_not_in_guild",
  "emoji_unavailable",
  "no_spaces",
  "text_nul",
  "text_surrogate",
  "invalid_command_name",
  "invalid_contract_address",
  "invalid_background",
  "invalid_image",
  "message_empty",
  "response_or_embed",
  "emoji_once",
  "embed_total",
  "embeds_total",
  "invalid_playlist_url",
  "invalid_emoji_name",
  "webhook_name_reserved",
  // Automations (lib/plugins/automations/definition.ts).
  "unknown_variable",
  "not_for_trigger",
  "invalid_cron",
  "invalid_time",
  "invalid_variable_name",
  // A temporary channel's name template (lib/plugins/temporary_channels/name-template.ts).
  "unknown_template_variable",
  "name_too_long_filled",
] as const;
export type CustomIssue = (typeof CUSTOM_ISSUES)[number];

/** Every code a field error can carry; each is a key of messages/validation/<locale>.json. */
export const ISSUE_CODES = [
  "required",
  "too_short",
  "too_long",
  "too_few",
  "too_many",
  "too_small",
  "too_big",
  "not_integer",
  "not_number",
  "invalid_type",
  "invalid_option",
  "invalid_datetime",
  "not_future",
  "unknown_field",
  "invalid",
  ...CUSTOM_ISSUES,
  // Found after zod, by checks that need the guild (lib/plugins/rules.ts, plugin endpoints).
  "unknown_channel",
  "wrong_channel_type",
  "unknown_role",
  "role_above_bot",
  "role_managed",
  "role_everyone",
  "unknown_upload",
  "not_a_member",
  "duplicate_value",
  // A subscription whose source already posts in its channel (lib/plugins/fields.ts ONE_SOURCE_PER_CHANNEL).
  "duplicate_source",
  // A field left empty that the plugin or one of its options needs (lib/plugins/needed-fields.ts).
  "needed_to_run",
  "needed_while_on",
  "needed_for_option",
  // A social source the provider does not know (checkReferences, lib/providers).
  "source_not_found",
  // The music player (lib/plugins/music/server.ts): the link's host and the plugin's limits.
  "unsupported_link",
  "unknown_track",
  "track_too_long",
  "queue_full",
  // The platform refused a value we sent (lib/plugins/posting.ts).
  "platform_refused",
  // A giveaway action its state does not allow (lib/plugins/giveaways/server.ts).
  "giveaway_not_started",
  "giveaway_not_ended",
  "giveaway_ended",
  "giveaway_cancelled",
  "giveaway_no_entrants_left",
  // Moderation acts the bot or the moderator cannot make (lib/moderation/can-act.ts, acts.ts).
  "mod_target_owner",
  "mod_target_bot",
  "mod_bot_cannot_ban",
  "mod_bot_cannot_kick",
  "mod_bot_cannot_timeout",
  "mod_target_above_bot",
  "mod_target_above_you",
  "mod_target_admin",
  "mod_not_banned",
  "mod_platform_refused",
  // An automod rule's pattern RE2 cannot run (lib/moderation/automod/rules.ts).
  "invalid_regex",
  // The custom bot (lib/custom-bot/errors.ts): its token's checks, its gate and state, its presence.
  "custom_bot_token_malformed",
  "custom_bot_token_refused",
  "custom_bot_not_a_bot",
  "custom_bot_wrong_application",
  "custom_bot_not_included",
  "custom_bot_not_set_up",
  "custom_bot_blocked",
  "custom_bot_token_unreadable",
  "custom_bot_avatar_rate_limited",
  "custom_bot_platform_failed",
  "custom_bot_unavailable",
  "custom_bot_switch",
  "custom_bot_stream_url",
  "custom_bot_url_streaming_only",
  // Emoji uploads and changes (lib/emojis/errors.ts), webhooks (lib/webhooks/errors.ts).
  "emoji_type_unsupported",
  "emoji_too_large",
  "emoji_slots_full",
  "emoji_not_found",
  "emoji_bot_missing_permission",
  "webhook_limit_reached",
  "webhook_not_found",
  "webhook_bot_missing_permission",
  // Credits (lib/credits/errors.ts): a spend larger than the balance.
  "credits_insufficient",
  // The staff tools (lib/staff/errors.ts): what anyone but staff is told, and a lookup that finds nothing.
  "not_found",
  // A role made from a role picker, the server's invite, a vanity code, a member's profile (lib/guilds/errors.ts).
  "role_create_not_allowed",
  "role_limit_reached",
  "role_bot_missing_permission",
  "invite_not_possible",
  "vanity_not_found",
  "shared_user_not_found",
  // The temporary channels' "Create a creator channel" (lib/plugins/temporary_channels/server.ts).
  "channel_bot_missing_permission",
  // Billing (lib/billing): transfers between the buyer's guilds, one-off purchases.
  "guild_not_managed",
  "transfer_same_guild",
  "transfer_nothing_to_move",
  "transfer_not_buyer",
  "transfer_target_has_plan",
  "billing_unavailable",
  "already_owned",
  "purchase_checkout_not_found",
  // Memberships (lib/memberships): plans, a member's checkout and plan change.
  "membership_plan_limit",
  "membership_plan_not_found",
  "membership_not_member",
  "membership_already_member",
  "membership_not_found",
  "membership_same_plan",
  // The custom bot add-on with a plan that includes it (Pro, the bundle).
  "custom_bot_included",
  // A checkout for a plan the guild already pays for, or for an offer that is not sold (lib/billing/checkout-guard.ts, shop.ts); the free month given twice (lib/billing/free-month.ts).
  "already_subscribed",
  "offer_not_sold",
  "free_month_used",
  // A crypto payment the chain does not show as paying for the checkout (lib/billing/crypto/verify.ts, payment.ts).
  "crypto_wrong_chain",
  "crypto_tx_not_found",
  "crypto_unconfirmed",
  "crypto_reverted",
  "crypto_expired",
  "crypto_wrong_recipient",
  "crypto_wrong_payer",
  "crypto_wrong_amount",
  "crypto_already_credited",
  "crypto_checkout_not_found",
  "crypto_checkout_used",
  // Linking a wallet by Sign-In with Ethereum (lib/wallets/errors.ts).
  "siwe_invalid_message",
  "siwe_wrong_domain",
  "siwe_wrong_chain",
  "siwe_nonce_invalid",
  "siwe_expired",
  "siwe_bad_signature",
  "wallet_linked_elsewhere",
  "wallet_limit",
  "wallet_not_found",
  // NFT avatars and coupons (lib/nft-avatars/errors.ts).
  "nft_no_collection",
  "nft_not_owner",
  "nft_image_unavailable",
  "nft_coupon_unknown",
  "nft_coupon_used",
  // A feed address the server could not read (lib/providers/rss/read-feed.ts, the guarded fetch).
  "feed_invalid",
  "feed_not_a_feed",
  "feed_too_large",
  "feed_timeout",
  "feed_not_found",
  "feed_unreachable",
  "feed_blocked_address",
  // Linking a Twitch, X or TikTok account (lib/account-links/flow.ts).
  "oauth_state_invalid",
  "oauth_state_expired",
  "oauth_denied",
  "oauth_code_refused",
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export type IssueParams = Record<string, string | number>;

/** One field's problem as the API envelope and the forms carry it. */
export type FieldIssue = { path: string; code: IssueCode; params?: IssueParams; message: string };

/** Why the bot cannot give a role (lib/guilds/pickers.ts reasons), as the field's issue code. */
export function roleIssue(reason: "above_bot" | "managed" | "everyone" | "unknown" | string): IssueCode {
  if (reason === "managed") return "role_managed";
  if (reason === "everyone") return "role_everyone";
  if (reason === "unknown") return "unknown_role";
  return "role_above_bot";
}

/** The error option of a zod check that fails with one of our codes. */
export function issue(code: IssueCode): { error: IssueCode } {
  return { error: code };
}

/** A custom issue with numbers for its sentence (superRefine): `ctx.addIssue(customIssue("embed_total", {...}))`. */
export function customIssue(code: IssueCode, params: IssueParams, path?: PropertyKey[]) {
  return { code: "custom" as const, message: code, params: { code, ...params }, ...(path ? { path } : {}) };
}

const KNOWN = new Set<string>(ISSUE_CODES);

/** The code and sentence numbers of one zod issue (parse with `reportInput: true` so a missing value reads "required"). */
export function describeIssue(issue: z.core.$ZodIssue): { code: IssueCode; params?: IssueParams } {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return { code: "required" };
      if (issue.expected === "int") return { code: "not_integer" };
      if (issue.expected === "number") return { code: "not_number" };
      return { code: "invalid_type" };
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? { code: "required" } : { code: "too_short", params: { min } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "too_few", params: { min } };
      return { code: "too_small", params: { min } };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return { code: "too_long", params: { max } };
      if (issue.origin === "array" || issue.origin === "set") return { code: "too_many", params: { max } };
      return { code: "too_big", params: { max } };
    }
    case "invalid_format":
      if (KNOWN.has(issue.message)) return { code: issue.message as IssueCode };
      if (issue.format === "datetime" || issue.format === "date" || issue.format === "time") return { code: "invalid_datetime" };
      if (issue.format === "uuid") return { code: "invalid_id" };
      if (issue.format === "url") return { code: "invalid_link" };
      return { code: "invalid" };
    case "invalid_value":
      return { code: "invalid_option" };
    case "unrecognized_keys":
      return { code: "unknown_field", params: { keys: issue.keys.join(", ") } };
    case "invalid_union": {
      // The first alternative's first problem reads best ("a link, or nothing" fails as a link).
      const first = issue.errors[0]?.[0];
      return first ? describeIssue(first) : { code: "invalid" };
    }
    case "custom": {
      const params = issue.params as IssueParams | undefined;
      const code = typeof params?.code === "string" ? params.code : issue.message;
      if (!KNOWN.has(code)) return { code: "invalid" };
      // Only the numbers and words a sentence can show (markers such as `past: true` stay behind).
      const rest = Object.fromEntries(Object.entries(params ?? {}).filter(([key, value]) => key !== "code" && (typeof value === "string" || typeof value === "number")));
      return Object.keys(rest).length > 0 ? { code: code as IssueCode, params: rest } : { code: code as IssueCode };
    }
    default:
      return { code: "invalid" };
  }
}

/** The field path of an issue as the forms key it ("pairs.1.role_id"); `fallback` for the whole object. */
export function issuePath(issue: z.core.$ZodIssue, fallback: string): string {
  const path = issue.path.map(String).join(".");
  // unrecognized_keys sits on the object: name the first unknown key so a form can point at it.
  if (issue.code === "unrecognized_keys" && issue.keys[0]) return path ? `${path}.${issue.keys[0]}` : issue.keys[0];
  return path || fallback;
}
