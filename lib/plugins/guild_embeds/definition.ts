import { z } from "zod";
import { embedsField } from "../embeds-field";
import { channelField, colorField, inputText, messageField, snowflake, text, toggle, urlField } from "../fields";
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
      // One message: optional text above up to 10 embeds, built in the embed builder.
      itemSchema: z.strictObject({
        name: inputText().trim().min(1, "Give the message a name").max(64),
        content: messageField(""),
        embeds: embedsField(10, { min: 1 }),
        channel_id: channelField(),
        message_id: snowflake.nullable().default(null),
      }),
      limits: { free: 5, premium: 100 },
      titleField: "name",
      actions: [{ id: "send", path: "send", postedField: "message_id" }],
    },
  },
});
