import { assertCanStartCheckout } from "@/lib/billing/checkout-guard";
import { openCryptoCheckout } from "@/lib/billing/crypto/checkout";
import { checkoutBody, checkoutParams, checkoutQuery } from "@/lib/billing/crypto/checkout-input";
import { cryptoSettings } from "@/lib/billing/crypto/settings";
import { paymentQuote } from "@/lib/billing/crypto/quote";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { apiLocale } from "@/lib/http/api-locale";
import { assertBudget, payerOf } from "@/lib/http/budgets";
import { userRoute } from "@/lib/http/route";

// GET /api/crypto/plan/{plan}/checkout?guild_id=&period=: the price, the chain and the asset, for a guild the caller manages.
// POST the same with { guild_id, period, payer }: a checkout bound to the wallet the buyer pays from, asking an
// amount unique to it (lib/billing/crypto/checkout.ts); its payment is then POSTed to /api/crypto/checkouts/{id}/payment.
// The guild comes in the query or body (spec 3), so its permission is checked here, before anything else is read;
// a guild already paying for the plan otherwise than in crypto is refused (409 already_subscribed).

export const GET = userRoute({ params: checkoutParams, query: checkoutQuery }, async ({ req, params, query, session }) => {
  await assertBudget(payerOf(session.userId, req.headers), "reads");
  const db = await getDb();
  await requireGuildAccess(db, session, query.guild_id);
  const settings = cryptoSettings();
  await assertCanStartCheckout(db, { guildId: query.guild_id, plan: params.planId, provider: "crypto", locale: apiLocale(req) });
  return paymentQuote(settings, params.planId, query.period, new Date());
});

export const POST = userRoute({ params: checkoutParams, body: checkoutBody, budget: "checkouts" }, async ({ req, params, body, session }) => {
  const db = await getDb();
  await requireGuildAccess(db, session, body.guild_id);
  const settings = cryptoSettings();
  await assertCanStartCheckout(db, { guildId: body.guild_id, plan: params.planId, provider: "crypto", locale: apiLocale(req) });
  const opened = await openCryptoCheckout(db, settings, { userId: session.userId, guildId: body.guild_id, plan: params.planId, period: body.period, payer: body.payer });
  return Response.json(opened, { status: 201 });
});
