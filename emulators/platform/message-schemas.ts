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
  buttonLabel: 80,
  customId: 100,
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

/**
 * A button as Discord checks it: a style (1–5; 5 is a link), a label of at most 80, an emoji
 * or a label, a custom_id of 1–100 on every button but a link's, which has a URL instead.
 */
const button = z
  .looseObject({
    type: z.literal(2),
    style: z.int().min(1).max(5),
    label: atMost(LIMITS.buttonLabel).optional(),
    emoji: z.looseObject({ id: snowflake.nullable().optional(), name: z.string().nullable().optional(), animated: z.boolean().optional() }).optional(),
    custom_id: required(LIMITS.customId).optional(),
    url: link.optional(),
    disabled: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const isLink = value.style === 5;
    if (isLink && value.url === undefined) ctx.addIssue({ code: "custom", path: ["url"], message: "This field is required", params: { discordCode: "BASE_TYPE_REQUIRED" } });
    if (!isLink && value.custom_id === undefined) ctx.addIssue({ code: "custom", path: ["custom_id"], message: "This field is required", params: { discordCode: "BASE_TYPE_REQUIRED" } });
    if (isLink && value.custom_id !== undefined) ctx.addIssue({ code: "custom", path: ["custom_id"], message: "A link button cannot have a custom_id", params: { discordCode: "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED" } });
    if (!value.label && !value.emoji) ctx.addIssue({ code: "custom", path: ["label"], message: "A button needs a label or an emoji", params: { discordCode: "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED" } });
  });

/** Another component of a row (select menus…): checked only for shape, stored and echoed. */
const otherComponent = z.looseObject({ type: z.literal([3, 4, 5, 6, 7, 8]) });

/** Action rows of 1–5 components; custom_ids are unique within the message, as Discord requires. */
const components = z
  .array(z.looseObject({ type: z.literal(1), components: z.array(z.discriminatedUnion("type", [button, otherComponent])).min(1).max(5, "Must be 5 or fewer in length.") }))
  .max(LIMITS.components, `Must be ${LIMITS.components} or fewer in length.`)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, rowIndex) =>
      row.components.forEach((component, index) => {
        const id = (component as { custom_id?: unknown }).custom_id;
        if (typeof id !== "string") return;
        if (seen.has(id)) ctx.addIssue({ code: "custom", path: [rowIndex, "components", index, "custom_id"], message: "Component custom id cannot be duplicated", params: { discordCode: "COMPONENT_CUSTOM_ID_DUPLICATED" } });
        seen.add(id);
      }),
    );
  });

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
