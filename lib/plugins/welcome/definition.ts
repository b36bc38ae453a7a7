import { z } from "zod";
import { channelField, messageField, rolesField, text, toggle } from "../fields";
import { definePlugin } from "../types";

export const welcome = definePlugin({
  id: "welcome",
  category: "utilities",
  premium: false,
  icon: "wave",
  configSchema: z.strictObject({
    join_enabled: toggle(true),
    join_channel_id: channelField(),
    join_message: messageField("Welcome {user.mention} to {server.name}! You are member #{server.member_count}."),
    join_dm_enabled: toggle(false),
    join_dm_message: messageField(""),
    leave_enabled: toggle(false),
    leave_channel_id: channelField(),
    leave_message: messageField("{user.name} left the server."),
    join_role_ids: rolesField(10, { freeMax: 1 }),
    card_enabled: toggle(false),
    card_background: text(64, "aurora"),
    card_title: text(64, "Welcome!"),
    card_subtitle: text(128, "Member #{server.member_count}"),
  }),
  collections: {},
});
