import { z } from "zod";
import { channelField, colorField, list, snowflake, text, textareaField, toggle, urlField } from "../fields";
import { definePlugin } from "../types";

export const guildEmbeds = definePlugin({
  id: "guild_embeds",
  category: "utilities",
  premium: false,
  icon: "code",
  configSchema: z.strictObject({
    default_color: colorField(),
    default_author_name: text(256),
    default_author_icon_url: urlField(),
    default_footer: text(2048),
    show_timestamp: toggle(false),
  }),
  collections: {
    embeds: {
      itemSchema: z.strictObject({
        title: z.string().min(1).max(256),
        description: textareaField(4096),
        color: colorField(),
        url: urlField(),
        fields: list(z.strictObject({ name: z.string().min(1).max(256), value: z.string().min(1).max(1024), inline: toggle(false) }), 25),
        image_url: urlField(),
        thumbnail_url: urlField(),
        footer: text(2048),
        channel_id: channelField(),
        message_id: snowflake.nullable().default(null),
      }),
      limits: { free: 5, premium: 100 },
      titleField: "title",
    },
  },
});
