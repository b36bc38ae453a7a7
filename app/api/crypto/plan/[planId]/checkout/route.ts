import type { Hash } from "viem";
import { creditCryptoPayment } from "@/lib/billing/crypto/credit";
import { checkoutBody, checkoutParams, checkoutQuery } from "@/lib/billing/crypto/checkout-input";
import { paymentQuote } from "@/lib/billing/crypto/quote";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { requireGuildAccess } from "@/lib/guilds/access";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { ApiError } from "@/lib/http/api-error";
import { assertBudget, payerOf } from "@/lib/http/budgets";
import { userRoute } from "@/lib/http/route";

// GET /api/crypto/plan/{plan}/checkout?guild_id=&period=: what to pay, where, for a guild the caller manages.
// POST the same with { guild_id, period, tx_hash, chain_id }: the payment read back from the chain and credited once.
// The guild comes in the query or body (spec 3), so its permission is checked here, before anything else is read.

function cryptoSettings() {
  const settings = getEnv().crypto;
  if (!settings) throw new ApiError(503, "crypto_unavailable", "Crypto payments are not available on this site.");
  return settings;
}

export const GET = userRoute({ params: checkoutParams, query: checkoutQuery }, async ({ req, params, query, session }) => {
  assertBudget(payerOf(session.userId, req.headers), "reads");
  await requireGuildAccess(await getDb(), session, query.guild_id);
  return paymentQuote(cryptoSettings(), params.planId, query.period, new Date());
});

export const POST = userRoute({ params: checkoutParams, body: checkoutBody }, async ({ req, params, body, session }) => {
  assertBudget(payerOf(session.userId, req.headers), "writes");
  const db = await getDb();
  await requireGuildAccess(db, session, body.guild_id);
  const credited = await creditCryptoPayment(db, cryptoSettings(), {
    guildId: body.guild_id,
    userId: session.userId,
    plan: params.planId,
    period: body.period,
    txHash: body.tx_hash as Hash,
    walletChainId: body.chain_id,
  });
  expireGuildPages(body.guild_id);
  return Response.json(credited, { status: 201 });
});
