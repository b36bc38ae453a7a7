import { z } from "zod";
import { createHostedCheckout } from "@/lib/billing/chargebee/checkout";
import { assertCanStartCheckout } from "@/lib/billing/checkout-guard";
import { CUSTOM_BOT_ITEM } from "@/lib/billing/chargebee/item-prices";
import { planEntitlements } from "@/lib/billing/entitlements";
import { PLANS } from "@/lib/billing/plans";
import { ApiError } from "@/lib/http/api-error";
import { apiLocale } from "@/lib/http/api-locale";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";
import { inputText } from "@/lib/validation/text";

// POST /api/guilds/{id}/chargebee/checkout: a Chargebee hosted checkout page selling a plan for
// this guild (spec 3: period_months, with_custom_bot, coupon_id, addons, bundle_id); answers
// its address, where the browser goes next. Nothing is stored until the payment returns. A guild
// already paying for the plan is refused (409 already_subscribed, lib/billing/checkout-guard.ts).
const body = z.strictObject({
  period_months: z.union([z.literal(1), z.literal(12)]),
  plan: z.enum(PLANS).default("premium"),
  with_custom_bot: z.boolean().default(false),
  coupon_id: inputText().regex(/^[A-Za-z0-9_-]{1,50}$/).optional(),
  /** Add-on items; the custom bot is the one there is (with_custom_bot says the same). */
  addons: z.array(z.enum([CUSTOM_BOT_ITEM])).max(1).default([]),
  /** The premium + pro bundle, sold as the `bundle` plan. */
  bundle_id: z.enum(["mee6-bundle"]).optional(),
});

export const POST = guildRoute({ params: guildIdParams, body, budget: "checkouts" }, async ({ req, db, access, session, body }) => {
  const plan = body.bundle_id ? "bundle" : body.plan;
  const locale = apiLocale(req);
  const withCustomBot = body.with_custom_bot || body.addons.includes(CUSTOM_BOT_ITEM);
  // Pro and the bundle include the custom bot: selling its add-on with them would charge twice.
  if (withCustomBot && planEntitlements(plan).includes("custom_bot")) {
    throw new ApiError(400, "custom_bot_included", issueTextFor(locale)("custom_bot_included"), [fieldIssue("with_custom_bot", "custom_bot_included")]);
  }
  await assertCanStartCheckout(db, { guildId: access.guildId, plan, provider: "chargebee", locale });
  const page = await createHostedCheckout({
    guildId: access.guildId,
    userId: session.userId,
    plan,
    periodMonths: body.period_months,
    withCustomBot,
    couponId: body.coupon_id,
    locale,
  });
  return { hosted_page_id: page.id, url: page.url };
});
