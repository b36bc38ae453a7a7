import { z } from "zod";
import { DEFAULT_BACKGROUND, MAX_BACKGROUND_LENGTH, parseBackground } from "@/lib/card-drawing/background";
import { channelField, inputText, messageField, rolesField, text, toggle } from "../fields";
import { definePlugin, type FieldMeta } from "../types";
import { issue } from "../../validation/issues";
import { defaultMessage } from "../../templates/default-messages";

export const CARD_TITLE_MAX = 64;
export const CARD_SUBTITLE_MAX = 128;

/**
 * The welcome card's background: `preset:<id>` (lib/card-drawing/presets.ts) or `upload:<key>`,
 * an image of this guild's uploads. Whether the upload belongs to the guild is checked where
 * the guild is known: every write refuses others (`upload` field metadata, checkReferences in
 * lib/plugins/rules.ts), and the card falls back to the default preset for a stored reference
 * it cannot find in the guild's uploads.
 */
export const cardBackgroundSchema = inputText()
  .max(MAX_BACKGROUND_LENGTH)
  .refine((value) => parseBackground(value) !== null, issue("invalid_background"));

export const welcome = definePlugin({
  id: "welcome",
  category: "utilities",
  premium: false,
  icon: "wave",
  configSchema: z.strictObject({
    join_enabled: toggle(true),
    join_channel_id: channelField({ neededWhen: { field: "join_enabled", is: true } }),
    join_message: messageField(defaultMessage("welcome.join_message"), { neededWhen: { field: "join_enabled", is: true } }),
    join_dm_enabled: toggle(false),
    join_dm_message: messageField("", { neededWhen: { field: "join_dm_enabled", is: true } }),
    leave_enabled: toggle(false),
    leave_channel_id: channelField({ neededWhen: { field: "leave_enabled", is: true } }),
    leave_message: messageField(defaultMessage("welcome.leave_message"), { neededWhen: { field: "leave_enabled", is: true } }),
    join_role_ids: rolesField(10, { freeMax: 1, gives: true }),
    card_enabled: toggle(false),
    card_background: cardBackgroundSchema.default(DEFAULT_BACKGROUND).meta({ upload: true } satisfies FieldMeta),
    card_title: text(CARD_TITLE_MAX, defaultMessage("welcome.card_title")),
    card_subtitle: text(CARD_SUBTITLE_MAX, defaultMessage("welcome.card_subtitle")),
  }),
  sections: [
    { id: "join", fields: ["join_enabled", "join_channel_id", "join_message", "join_dm_enabled", "join_dm_message", "join_role_ids"] },
    { id: "leave", fields: ["leave_enabled", "leave_channel_id", "leave_message"] },
    { id: "card", fields: ["card_enabled", "card_title", "card_subtitle"] },
  ],
  collections: {},
});
