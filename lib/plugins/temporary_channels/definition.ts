import { z } from "zod";
import { categoryChannelField, integer, toggle, voiceChannelField } from "../fields";
import { definePlugin } from "../types";
import { nameTemplateField } from "./name-template";

// The bot does the creating (GET /api/bot/v1/guilds/{id}/config carries this config): a member
// joining the creator channel gets a new voice channel named from the template, in the category,
// limited to user_limit members, and the channel goes once it empties when delete_when_empty is on.
export const temporaryChannels = definePlugin({
  id: "temporary_channels",
  category: "utilities",
  premium: false,
  icon: "door",
  configSchema: z.strictObject({
    creator_channel_id: voiceChannelField({ neededWhen: true }),
    category_id: categoryChannelField(),
    name_template: nameTemplateField("{user}'s room", { neededWhen: true }),
    user_limit: integer(0, 99, 0),
    delete_when_empty: toggle(true),
  }),
  sections: [
    { id: "creator", fields: ["creator_channel_id", "category_id"] },
    { id: "channels", fields: ["name_template", "user_limit", "delete_when_empty"] },
  ],
  collections: {},
});
