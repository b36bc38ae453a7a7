import { z } from "zod";

import { queryInt, snowflake } from "./validation";

// Bodies of the message routes, with Discord's limits. Lengths count Unicode
// code points, as Discord does (Python's len()); this repo's zod counts code
// points in string .max(), and the 6000 total counts them explicitly. Unknown
// keys are dropped, as Discord ignores them.

export const LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  embedTotal: 6000,
  url: 2048,
  allowedMentionIds: 100,
  components: 5,
  nonce: 25,
} as const;

/** Flags a bot may set when sending or editing: SUPPRESS_EMBEDS and SUPPRESS_NOTIFICATIONS. */
export const SETTABLE_FLAGS = (1 << 2) | (1 << 12);

export const codePoints = (text: string | null | undefined): number => (text ? [...text].length : 0);

const atMost = (limit: number) => z.string().max(limit, `Must be ${limit} or fewer in length.`);
const required = (limit: number) => atMost(limit).min(1, "This field is required");

function url(schemes: readonly string[]) {
  return z.string().superRefine((value, ctx) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (!parsed || value.length > LIMITS.url) {
      ctx.addIssue({ code: "custom", message: "Not a well formed URL.", params: { discordCode: "URL_TYPE_INVALID_URL" } });
    } else if (!schemes.includes(parsed.protocol.replace(/:$/, ""))) {
      ctx.addIssue({
        code: "custom",
        message: `Scheme "${parsed.protocol.replace(/:$/, "")}" is not supported. Scheme must be one of (${schemes.map((s) => `'${s}'`).join(", ")}).`,
        params: { discordCode: "URL_TYPE_INVALID_SCHEME" },
      });
    }
  });
}

const link = url(["http", "https"]);
const media = url(["http", "https", "attachment"]);

const embedField = z.object({
  name: required(LIMITS.fieldName),
  value: required(LIMITS.fieldValue),
  inline: z.boolean().optional(),
});

export const embedSchema = z.object({
  title: atMost(LIMITS.title).optional(),
  description: atMost(LIMITS.description).optional(),
  url: link.optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  color: z.int().min(0).max(0xffffff).nullable().optional(),
  footer: z.object({ text: required(LIMITS.footer), icon_url: media.optional() }).optional(),
  image: z.object({ url: media }).optional(),
  thumbnail: z.object({ url: media }).optional(),
  author: z.object({ name: required(LIMITS.authorName), url: link.optional(), icon_url: media.optional() }).optional(),
  fields: z.array(embedField).max(LIMITS.fields, `Must be ${LIMITS.fields} or fewer in length.`).optional(),
});

export type EmbedInput = z.output<typeof embedSchema>;

export function embedCharacters(embed: EmbedInput): number {
  let count = codePoints(embed.title) + codePoints(embed.description) + codePoints(embed.footer?.text) + codePoints(embed.author?.name);
  for (const field of embed.fields ?? []) count += codePoints(field.name) + codePoints(field.value);
  return count;
}

/** Embeds of one message; the 6000 applies to all of them together. */
const embeds = z
  .array(embedSchema)
  .max(LIMITS.embeds, `Must be ${LIMITS.embeds} or fewer in length.`)
  .superRefine((list, ctx) => {
    const total = list.reduce((sum, embed) => sum + embedCharacters(embed), 0);
    if (total > LIMITS.embedTotal) {
      ctx.addIssue({
        code: "custom",
        message: `Embed size exceeds maximum size of ${LIMITS.embedTotal}`,
        params: { discordCode: "MAX_EMBED_SIZE_EXCEEDED" },
      });
    }
  });

const mentionIds = z.array(snowflake).max(LIMITS.allowedMentionIds, `Must be ${LIMITS.allowedMentionIds} or fewer in length.`);

export const allowedMentionsSchema = z
  .object({
    parse: z.array(z.enum(["users", "roles", "everyone"])).optional(),
    users: mentionIds.optional(),
    roles: mentionIds.optional(),
    replied_user: z.boolean().optional(),
  })
  .superRefine((allowed, ctx) => {
    for (const kind of ["users", "roles"] as const) {
      if (allowed.parse?.includes(kind) && (allowed[kind]?.length ?? 0) > 0) {
        ctx.addIssue({
          code: "custom",
          message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
          params: { discordCode: "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE" },
        });
      }
    }
  });

/** Action rows and their children, checked only for shape: the emulator stores and echoes them. */
const components = z
  .array(z.looseObject({ type: z.int().min(1), components: z.array(z.looseObject({ type: z.int().min(1) })).max(5).optional() }))
  .max(LIMITS.components, `Must be ${LIMITS.components} or fewer in length.`);

const flags = z
  .int()
  .min(0)
  .refine((value) => (value & ~SETTABLE_FLAGS) === 0, { message: "Invalid flags", params: { discordCode: "MESSAGE_FLAGS_INVALID" } });

export const createMessageSchema = z.object({
  content: atMost(LIMITS.content).nullable().optional(),
  embeds: embeds.nullable().optional(),
  allowed_mentions: allowedMentionsSchema.nullable().optional(),
  components: components.nullable().optional(),
  tts: z.boolean().optional(),
  flags: flags.optional(),
  nonce: z.union([z.int(), atMost(LIMITS.nonce)]).optional(),
  enforce_nonce: z.boolean().optional(),
});

/** Every key optional; null clears content, embeds and components. */
export const editMessageSchema = z.object({
  content: atMost(LIMITS.content).nullable().optional(),
  embeds: embeds.nullable().optional(),
  allowed_mentions: allowedMentionsSchema.nullable().optional(),
  components: components.nullable().optional(),
  flags: flags.nullable().optional(),
});

export const listMessagesQuery = z.object({
  limit: queryInt(1, 100, 50),
  before: snowflake.optional(),
  after: snowflake.optional(),
  around: snowflake.optional(),
});

export const reactionUsersQuery = z.object({
  limit: queryInt(1, 100, 25),
  after: snowflake.optional(),
  // 0 normal, 1 burst (super) reactions; the emulator has no burst reactions.
  type: z.enum(["0", "1"]).default("0"),
});

export type CreateMessageInput = z.output<typeof createMessageSchema>;
export type EditMessageInput = z.output<typeof editMessageSchema>;
