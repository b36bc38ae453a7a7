import { z } from "zod";
import { channelField, requiredChannelField, requiredEmojiField, requiredMessageField, requiredRoleField, rolesField, snowflake, toggle } from "../fields";
import { definePlugin } from "../types";
import { issue } from "../../validation/issues";

export const REACTION_ROLE_MODES = ["normal", "unique", "verify", "drop"] as const;

export const reactionRoles = definePlugin({
  id: "reaction_roles",
  category: "utilities",
  premium: false,
  icon: "smile",
  configSchema: z.strictObject({
    log_channel_id: channelField(),
    dm_members: toggle(false),
    remove_reaction: toggle(false),
    allowed_role_ids: rolesField(10),
  }),
  collections: {
    messages: {
      itemSchema: z.strictObject({
        channel_id: requiredChannelField(),
        message: requiredMessageField(),
        mode: z.enum(REACTION_ROLE_MODES).default("normal"),
        pairs: z
          .array(z.strictObject({ emoji: requiredEmojiField(), role_id: requiredRoleField({ gives: true }) }))
          .min(1)
          .max(20)
          .refine((pairs) => new Set(pairs.map((pair) => pair.emoji)).size === pairs.length, issue("emoji_once")),
        /** The message the bot posted for this item (set by the post endpoint). */
        message_id: snowflake.nullable().default(null),
      }),
      limits: { free: 5, premium: 50 },
      titleField: "message",
      actions: [{ id: "post", path: "post", postedField: "message_id" }],
    },
  },
});
