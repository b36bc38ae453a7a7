import { z } from "zod";
import { channelField, integer, messageField, roleField, timezoneField, toggle } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const birthdays = definePlugin({
  id: "birthdays",
  category: "fun",
  premium: false,
  icon: "cake",
  configSchema: z.strictObject({
    announcement_channel_id: channelField({ neededWhen: true }),
    announcement_message: messageField(defaultMessage("birthdays.announcement_message"), { neededWhen: true }),
    birthday_role_id: roleField({ gives: true }),
    timezone: timezoneField("UTC"),
    announcement_hour: integer(0, 23, 9),
    show_age: toggle(false),
  }),
  collections: {},
});
