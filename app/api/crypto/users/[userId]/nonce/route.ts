import { cryptoSettings } from "@/lib/billing/crypto/settings";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";
import { issueNonce } from "@/lib/wallets/siwe";

// POST /api/crypto/users/@me/nonce: a single-use Sign-In with Ethereum nonce (10 minutes) and the
// message fields to sign with it (domain, uri, chain_id…), for POST …/wallets. A POST: it stores the nonce.
export const POST = userRoute({ params: userIdParam, budget: "writes" }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  const challenge = await issueNonce(await getDb(), cryptoSettings(), getEnv().APP_URL, session.userId);
  return Response.json(challenge, { status: 201 });
});
