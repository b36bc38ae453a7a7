import { z } from "zod";
import { channelField, integer, rolesField, toggle } from "../fields";
import { definePlugin } from "../types";

export const emojis = definePlugin({
  id: "emojis",
  category: "other",
  premium: false,
  icon: "emoji",
  configSchema: z.strictObject({
    manager_role_ids: rolesField(10),
    log_channel_id: channelField(),
    allow_suggestions: toggle(false),
    suggestions_channel_id: channelField({ neededWhen: { field: "allow_suggestions", is: true } }),
    votes_to_approve: integer(1, 50, 5),
  }),
  collections: {},
});
