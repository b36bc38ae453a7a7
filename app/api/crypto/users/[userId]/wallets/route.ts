import { cryptoSettings } from "@/lib/billing/crypto/settings";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";
import { linkBody, linkWallet } from "@/lib/wallets/siwe";
import { listWallets, MAX_WALLETS } from "@/lib/wallets/wallets";

// GET /api/crypto/users/@me/wallets: the caller's linked wallets, and the chain new links are signed
// for (null where crypto is off) with whether the DEMO wallet may sign. POST { message, signature }: links
// the wallet that signed the EIP-4361 message with a nonce from POST …/nonce (lib/wallets/siwe.ts).
export const GET = userRoute({ params: userIdParam, budget: "reads" }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  const crypto = getEnv().crypto;
  return { wallets: await listWallets(await getDb(), session.userId), max: MAX_WALLETS, chain: crypto ? { chain_id: crypto.chainId, demo_wallet: crypto.demoWallet } : null };
});

export const POST = userRoute({ params: userIdParam, body: linkBody, budget: "writes" }, async ({ session, params, body }) => {
  assertSelf(session, params.userId);
  const wallet = await linkWallet(await getDb(), cryptoSettings(), getEnv().APP_URL, session.userId, body);
  return Response.json(wallet, { status: 201 });
});
