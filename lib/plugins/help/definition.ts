import { z } from "zod";
import { messageField, toggle, urlField } from "../fields";
import { embedsField } from "../embeds-field";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const help = definePlugin({
  id: "help",
  category: "utilities",
  premium: false,
  icon: "help",
  configSchema: z.strictObject({
    intro_message: messageField(defaultMessage("help.intro_message")),
    // The owner's own help message, built and previewed in the embed builder (its colour and
    // footer are the embed's); the bot sends it with the introduction, above the command list.
    embeds: embedsField(1),
    show_command_usage: toggle(true),
    support_url: urlField(),
    dm_response: toggle(false),
  }),
  sections: [
    { id: "message", fields: ["intro_message", "embeds"] },
    { id: "commands", fields: ["show_command_usage", "support_url", "dm_response"] },
  ],
  collections: {},
});
