import { z } from "zod";
import { channelsField, integer, messageField, rolesField, text, toggle } from "../fields";
import { definePlugin } from "../types";

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
      itemSchema: z.strictObject({
        name: z.string().max(32).regex(COMMAND_NAME, "must be 1-32 lowercase letters, digits, - or _"),
        description: text(100, ""),
        response: messageField("", {}),
        enabled: toggle(true),
        allowed_role_ids: rolesField(25),
        allowed_channel_ids: channelsField(25),
        cooldown_seconds: integer(0, 86_400, 0),
      }),
      limits: { free: 10, premium: 250 },
      titleField: "name",
    },
  },
});
