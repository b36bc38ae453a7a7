import { z } from "zod";
import { colorField, messageField, text, toggle, urlField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const help = definePlugin({
  id: "help",
  category: "utilities",
  premium: false,
  icon: "help",
  configSchema: z.strictObject({
    dm_response: toggle(false),
    intro_message: messageField(defaultMessage("help.intro_message")),
    show_command_usage: toggle(true),
    embed_color: colorField(),
    footer_text: text(256),
    support_url: urlField(),
  }),
  collections: {},
});
