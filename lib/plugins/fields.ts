import EMOJI_PATTERN from "emojibase-regex";
import { z } from "zod";
import { EMOJI_ERRORS, parseCustomEmoji } from "@/lib/platform/custom-emoji";
import { SNOWFLAKE_PATTERN, fitsSnowflake } from "@/lib/platform/snowflake";
import { MAX_UPLOAD_REFERENCE_LENGTH, uploadKeyOf } from "@/lib/images/reference";
import { timeZoneName } from "@/lib/time/zone-name";
import { issue } from "../validation/issues";
import { inputDateTime, inputText } from "../validation/text";
import type { ProviderId } from "../providers/types";
import type { FieldMeta, UniqueFields } from "./types";

export { EMOJI_ERRORS, inputDateTime, inputText };

// Building blocks shared by plugin schemas, so every plugin validates ids,
// messages, colours and links the same way. Every string starts as inputText()
// (no NUL, no unpaired surrogates), so definitions built from these inherit it.

// The platform refuses an id past 2^64 - 1 ("Value is not snowflake"), so we do too, before storing it.
export const snowflake = inputText().max(20).regex(SNOWFLAKE_PATTERN, issue("invalid_id")).refine(fitsSnowflake, issue("invalid_id"));

const withMeta = <T extends z.ZodType>(schema: T, meta: FieldMeta) => schema.meta(meta);

/** A text channel (type 0) of the guild; null for none. */
export const channelField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(snowflake.nullable().default(null), { ...meta, ui: "channel" });
export const voiceChannelField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(snowflake.nullable().default(null), { ...meta, ui: "voice_channel" });
export const categoryChannelField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(snowflake.nullable().default(null), { ...meta, ui: "category_channel" });
export const channelsField = (max: number, meta: Omit<FieldMeta, "ui"> = {}) => withMeta(z.array(snowflake).max(max).default([]), { ...meta, ui: "channels" });
/** Category channels (type 4) of the guild; empty by default. */
export const categoriesField = (max: number, meta: Omit<FieldMeta, "ui"> = {}) => withMeta(z.array(snowflake).max(max).default([]), { ...meta, ui: "categories" });
/** Text, voice and stage channels a lockdown closes; empty by default. */
export const lockdownChannelsField = (max: number, meta: Omit<FieldMeta, "ui"> = {}) => withMeta(z.array(snowflake).max(max).default([]), { ...meta, ui: "lockdown_channels" });
export const roleField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(snowflake.nullable().default(null), { ...meta, ui: "role" });
export const rolesField = (max: number, meta: Omit<FieldMeta, "ui"> = {}) => withMeta(z.array(snowflake).max(max).default([]), { ...meta, ui: "roles" });
/** A role members can be pinged with; null for no ping. */
export const mentionableRoleField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(snowflake.nullable().default(null), { ...meta, ui: "mentionable_role" });

/** Item fields an item cannot be saved without (where an alert is posted, which role a reaction gives). */
export const requiredChannelField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(snowflake, { ...meta, ui: "channel" });
export const requiredRoleField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(snowflake, { ...meta, ui: "role" });

/** Spec 5 link rule: http or https, then non-space characters containing a dot. */
export const LINK_PATTERN = /^https?:\/\/\S*\.\S*$/;
export const url = inputText().max(2048).regex(LINK_PATTERN, issue("invalid_link"));
export const urlField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(z.union([url, z.literal("")]).default(""), { ...meta, ui: "url" });
export const requiredUrlField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(url, { ...meta, ui: "url" });

/** A message the bot sends; the platform caps messages at 2000 characters. */
export const messageField = (fallback = "", meta: Omit<FieldMeta, "ui"> = {}) => withMeta(inputText().max(2000).default(fallback), { ...meta, ui: "message" });
export const requiredMessageField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(inputText().min(1).max(2000), { ...meta, ui: "message" });
/** Longer plain text (descriptions), drawn as a multi-line box. */
export const textareaField = (max: number, fallback = "", meta: Omit<FieldMeta, "ui"> = {}) => withMeta(inputText().max(max).default(fallback), { ...meta, ui: "textarea" });

export const colorField = (fallback: number | null = null) => withMeta(z.number().int().min(0).max(0xffffff).nullable().default(fallback), { ui: "color" });

// Exactly one emoji, as emojibase's maintained pattern knows them (ZWJ sequences, skin tones,
// keycaps, flags), so ":smile:" or "ok" is refused here instead of failing a post later.
const ONE_EMOJI = new RegExp(`^(?:${EMOJI_PATTERN.source})$`, EMOJI_PATTERN.flags.replace("g", ""));

/** One unicode emoji, or a custom emoji reference (`<:name:id>`, `<a:name:id>`); which guild it belongs to is checked later. */
export function isEmojiValue(value: string): boolean {
  return ONE_EMOJI.test(value) || parseCustomEmoji(value) !== null;
}

// Empty is left to .min(1) where a value is required (and means "none" elsewhere).
const emojiText = () => inputText().max(64).refine((value) => value === "" || isEmojiValue(value), EMOJI_ERRORS.invalid);

/** A unicode emoji or a custom emoji of the guild (<:name:id>); "" for none. */
export const emojiField = (fallback = "", meta: Omit<FieldMeta, "ui"> = {}) => withMeta(emojiText().default(fallback), { ...meta, ui: "emoji" });
export const requiredEmojiField = (meta: Omit<FieldMeta, "ui"> = {}) => withMeta(emojiText().min(1), { ...meta, ui: "emoji" });

/**
 * An image of the guild's uploads (POST /api/guilds/{id}/images), stored as `upload:<key>`; "" for none.
 * Only the shape is checked here: that the guild uploaded it is checked on every write (`upload`
 * metadata, checkReferences in lib/plugins/rules.ts), where the guild is known.
 */
export const imageField = (meta: Omit<FieldMeta, "ui" | "upload"> = {}) =>
  withMeta(
    inputText()
      .max(MAX_UPLOAD_REFERENCE_LENGTH)
      .refine((value) => value === "" || uploadKeyOf(value) !== null, issue("invalid_image"))
      .default(""),
    { ...meta, ui: "image", upload: true },
  );

/** An IANA time-zone name such as Europe/Paris, or UTC: one the server's Intl knows, so the bot can use it. */
export const timezoneField = (fallback = "UTC", meta: Omit<FieldMeta, "ui"> = {}) => withMeta(timeZoneName().default(fallback), { ...meta, ui: "timezone" });

/** Issue codes (lib/validation/issues.ts): the form words them in the user's language. */
export const DATE_TIME_MESSAGE = "invalid_datetime" as const;
export const PAST_MESSAGE = "not_future" as const;
// Marks the issue so an import can tell "this has ended" from a broken value (isPastIssue).
const PAST_PARAMS = { past: true } as const;

type DateTimeOptions = Omit<FieldMeta, "ui"> & {
  /** Refuse moments already past when written (a giveaway's end); values stored earlier may lie in the past by now. */
  future?: boolean;
};

function dateTime(future?: boolean) {
  const schema = inputDateTime(DATE_TIME_MESSAGE).max(40);
  // A value that is not a date already has its message; it gets no second one.
  return future ? schema.refine((value) => !(Date.parse(value) <= Date.now()), { message: PAST_MESSAGE, params: { code: PAST_MESSAGE, ...PAST_PARAMS } }) : schema;
}

/** A moment as ISO 8601 with an offset; the form picks it in a time zone and stores UTC. Null for none. */
export const dateTimeField = ({ future, ...meta }: DateTimeOptions = {}) => withMeta(dateTime(future).nullable().default(null), { ...meta, ui: "datetime" });
export const requiredDateTimeField = ({ future, ...meta }: DateTimeOptions = {}) => withMeta(dateTime(future), { ...meta, ui: "datetime" });

/** Whether a zod issue is the "must be in the future" of a date-time field. */
export function isPastIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === "custom" && issue.params?.past === true;
}

export const text = (max: number, fallback = "", meta: FieldMeta = {}) => withMeta(inputText().max(max).default(fallback), meta);
export const integer = (min: number, max: number, fallback: number, meta: FieldMeta = {}) => withMeta(z.number().int().min(min).max(max).default(fallback), meta);
export const toggle = (fallback = false, meta: FieldMeta = {}) => withMeta(z.boolean().default(fallback), meta);
/** A list of anything (words, objects) with a size cap; empty by default. */
export const list = <T extends z.ZodType>(item: T, max: number, meta: FieldMeta = {}) => withMeta(z.array(item).max(max).default([]), meta);

/**
 * A social source (a streamer, a channel, a subreddit, a feed) chosen by searching its provider:
 * `source_id` keeps the provider's stable id (Twitch user id, YouTube channel id, feed URL), never
 * the name typed, and `source_name` the name it is shown by (sourceNameField). That the source exists is checked
 * with the provider on every write (checkReferences in lib/plugins/rules.ts).
 */
export const sourceField = (provider: ProviderId) => withMeta(inputText().trim().min(1).max(2048), { ui: "source", provider });
export const sourceNameField = () => withMeta(inputText().trim().min(1).max(200), { ui: "source_name" });

/** A subscription's own alert message; blank sends the plugin's `default_message`. */
export const alertMessageField = () => messageField("", { fallback: "default_message" });

/** A subscription's `unique` rule: a source posts once in a channel (twice would post every alert twice). */
export const ONE_SOURCE_PER_CHANNEL: UniqueFields = { fields: ["source_id", "channel_id"], issue: "duplicate_source" };

/**
 * Items saved before sources were searched held only the handle (or the feed URL) under
 * `legacyKey`; they read as a source named by it until their next save, which checks it with
 * the provider (lookups accept handles) and stores the new shape.
 */
export function legacySource(legacyKey: string) {
  return (stored: Record<string, unknown>): Record<string, unknown> => {
    if (!(legacyKey in stored)) return stored;
    const { [legacyKey]: handle, ...rest } = stored;
    if (typeof rest.source_id === "string" || typeof handle !== "string") return rest;
    return { source_id: handle, source_name: handle, ...rest };
  };
}
