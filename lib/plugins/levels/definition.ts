import { z } from "zod";
import { channelField, channelsField, colorField, inputText, integer, list, messageField, requiredChannelField, requiredRoleField, rolesField, toggle } from "../fields";
import { definePlugin, type FieldMeta } from "../types";
import { issue } from "../../validation/issues";
import { DEFAULT_RANK_CARD_COLORS, isRankCardBackground, MAX_RANK_CARD_BACKGROUND_LENGTH, PLAIN_BACKGROUND } from "../../rank-card/settings";
import { defaultMessage } from "../../templates/default-messages";

export const LEVEL_UP_ANNOUNCEMENTS = ["off", "current_channel", "custom_channel", "dm"] as const;

/** XP multipliers are percentages like xp_rate_percent: 0 earns nothing, 100 the normal rate, 500 five times it. */
const multiplierPercent = () => z.number().int().min(0).max(500);

export const levels = definePlugin({
  id: "levels",
  category: "fun",
  premium: false,
  icon: "trophy",
  configSchema: z.strictObject({
    xp_rate_percent: integer(0, 300, 100, { premium: true }),
    // MEE6's defaults, which owners of this kind of bot know: 15 to 25 XP, at most once a minute.
    // The bot draws from the lower to the higher of the two, whichever order they are saved in.
    xp_per_message_min: integer(1, 1000, 15),
    xp_per_message_max: integer(1, 1000, 25),
    xp_cooldown_seconds: integer(0, 3600, 60),
    level_up_announcement: z.enum(LEVEL_UP_ANNOUNCEMENTS).default("current_channel"),
    level_up_channel_id: channelField({ neededWhen: { field: "level_up_announcement", is: ["custom_channel"] } }),
    level_up_message: messageField(defaultMessage("levels.level_up_message"), { neededWhen: { field: "level_up_announcement", is: ["current_channel", "custom_channel", "dm"] } }),
    no_xp_role_ids: rolesField(25),
    no_xp_channel_ids: channelsField(50),
    // Multipliers of one member's roles and the message's channel multiply together.
    role_multipliers: list(z.strictObject({ role_id: requiredRoleField(), percent: multiplierPercent() }), 25, { freeMax: 5 }),
    channel_multipliers: list(z.strictObject({ channel_id: requiredChannelField(), percent: multiplierPercent() }), 50, { freeMax: 5 }),
    role_rewards: list(z.strictObject({ level: z.number().int().min(1).max(1000), role_id: requiredRoleField({ gives: true }) }), 100, { freeMax: 10 }),
    stack_rewards: toggle(true),
    rank_card_background_color: colorField(DEFAULT_RANK_CARD_COLORS.background),
    rank_card_accent_color: colorField(DEFAULT_RANK_CARD_COLORS.accent),
    rank_card_text_color: colorField(DEFAULT_RANK_CARD_COLORS.text),
    // `color`, a preset or one of this guild's uploads (lib/rank-card/settings.ts); the upload's
    // owner is checked on every write like the welcome card's (`upload` metadata, checkReferences).
    rank_card_background: inputText()
      .max(MAX_RANK_CARD_BACKGROUND_LENGTH)
      .refine(isRankCardBackground, issue("invalid_background"))
      .default(PLAIN_BACKGROUND)
      .meta({ upload: true } satisfies FieldMeta),
    leaderboard_public: toggle(true),
    leaderboard_show_avatars: toggle(true),
  }),
  sections: [
    { id: "xp", fields: ["xp_per_message_min", "xp_per_message_max", "xp_cooldown_seconds", "xp_rate_percent", "no_xp_role_ids", "no_xp_channel_ids"] },
    { id: "multipliers", fields: ["role_multipliers", "channel_multipliers"] },
    { id: "announcements", fields: ["level_up_announcement", "level_up_channel_id", "level_up_message"] },
    { id: "rewards", fields: ["role_rewards", "stack_rewards"] },
    { id: "rankCard", fields: ["rank_card_background_color", "rank_card_accent_color", "rank_card_text_color", "rank_card_background"] },
    { id: "leaderboard", fields: ["leaderboard_public", "leaderboard_show_avatars"] },
  ],
  collections: {},
});

/** The leaderboard's settings (GET|PATCH /levels/leaderboard/:guildId/config), kept in the plugin's config. */
export const LEADERBOARD_FIELDS = ["leaderboard_public", "leaderboard_show_avatars"] as const;
