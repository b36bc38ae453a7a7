import type { Hash } from "viem";
import { ownCheckout } from "@/lib/billing/crypto/checkout";
import { paymentBody, paymentParams } from "@/lib/billing/crypto/checkout-input";
import { creditCryptoPayment } from "@/lib/billing/crypto/credit";
import { cryptoSettings } from "@/lib/billing/crypto/settings";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { apiLocale } from "@/lib/http/api-locale";
import { assertBudget, payerOf } from "@/lib/http/budgets";
import { userRoute } from "@/lib/http/route";

// POST /api/crypto/checkouts/{id}/payment { tx_hash, chain_id }: the payment of the caller's own checkout,
// read back from the chain and credited once to the checkout's guild and plan, only when it was sent
// from the checkout's wallet for exactly its amount (lib/billing/crypto/verify.ts). The browser asks
// again while the chain has not confirmed it (400 crypto_unconfirmed), so it spends the writes budget.
export const POST = userRoute({ params: paymentParams, body: paymentBody }, async ({ req, params, body, session }) => {
  await assertBudget(payerOf(session.userId, req.headers), "writes");
  const db = await getDb();
  const checkout = await ownCheckout(db, params.checkoutId, session.userId, apiLocale(req));
  await requireGuildAccess(db, session, checkout.guildId);
  const credited = await creditCryptoPayment(db, cryptoSettings(), checkout, { txHash: body.tx_hash as Hash, walletChainId: body.chain_id });
  expireGuildPages(checkout.guildId);
  return Response.json(credited, { status: 201 });
});
