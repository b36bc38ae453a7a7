import { z } from "zod";
import { channelField, integer, messageField, textareaField, toggle, urlField } from "../fields";
import { definePlugin } from "../types";
import { defaultMessage } from "../../templates/default-messages";

export const memberships = definePlugin({
  id: "memberships",
  category: "other",
  premium: true,
  icon: "crown",
  configSchema: z.strictObject({
    currency: z.enum(["usd", "eur", "gbp"]).default("usd"),
    page_description: textareaField(2000),
    terms_url: urlField(),
    announcement_channel_id: channelField(),
    welcome_message: messageField(defaultMessage("memberships.welcome_message"), { neededWhen: { field: "announcement_channel_id", is: "filled" } }),
    grace_period_days: integer(0, 30, 3),
    remove_roles_on_expiry: toggle(true),
  }),
  collections: {},
});
