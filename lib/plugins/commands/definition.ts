import { z } from "zod";
import { channelsField, inputText, integer, messageField, rolesField, text, toggle } from "../fields";
import { embedsField } from "../embeds-field";
import { definePlugin } from "../types";
import { issue } from "../../validation/issues";

/** Platform rule for command names: lowercase letters, digits, - and _, 1 to 32 characters. */
export const COMMAND_NAME = /^[-_\p{Ll}\p{N}]{1,32}$/u;

export const commands = definePlugin({
  id: "commands",
  category: "utilities",
  premium: false,
  icon: "terminal",
  configSchema: z.strictObject({
    delete_invocation: toggle(false),
  }),
  collections: {
    commands: {
      itemSchema: z
        .strictObject({
          name: inputText().max(32).regex(COMMAND_NAME, issue("invalid_command_name")),
          description: text(100, ""),
          response: messageField("", {}),
          embeds: embedsField(10),
          enabled: toggle(true),
          allowed_role_ids: rolesField(25),
          allowed_channel_ids: channelsField(25),
          cooldown_seconds: integer(0, 86_400, 0),
        })
        // A reply needs something to say: text, embeds or both.
        .refine((command) => command.response.trim() !== "" || command.embeds.length > 0, { ...issue("response_or_embed"), path: ["response"] }),
      limits: { free: 10, premium: 250 },
      titleField: "name",
      // The platform refuses two commands with one name.
      unique: ["name"],
    },
  },
});
