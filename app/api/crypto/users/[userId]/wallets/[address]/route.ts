import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";
import { unlinkWallet, walletParams } from "@/lib/wallets/wallets";

// DELETE /api/crypto/users/@me/wallets/{address}: unlinks one of the caller's wallets (404 if not theirs).
export const DELETE = userRoute({ params: z.object({ ...userIdParam.shape, ...walletParams.shape }), budget: "writes" }, async ({ session, params }) => {
  assertSelf(session, params.userId);
  await unlinkWallet(await getDb(), session.userId, params.address);
  return new Response(null, { status: 204 });
});
