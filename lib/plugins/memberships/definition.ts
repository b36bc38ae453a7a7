import { z } from "zod";
import { integer, textareaField, toggle, urlField } from "../fields";
import { definePlugin } from "../types";

// Memberships (lib/memberships): plans live in their own table, sold on the guild's Stripe
// account; these settings shape the public page (/{locale}/memberships/{guildId}) and what
// happens when a membership ends.
export const memberships = definePlugin({
  id: "memberships",
  category: "other",
  premium: true,
  icon: "crown",
  configSchema: z.strictObject({
    /** The currency of every plan's price (a plan keeps the currency it was priced in). */
    currency: z.enum(["usd", "eur", "gbp"]).default("usd"),
    page_description: textareaField(2000),
    terms_url: urlField(),
    /** Days a member keeps the role after the paid period ends. */
    grace_period_days: integer(0, 30, 3),
    remove_roles_on_expiry: toggle(true),
  }),
  collections: {},
});
