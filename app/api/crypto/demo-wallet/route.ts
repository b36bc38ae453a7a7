import { demoWalletCall, demoWalletRequest } from "@/lib/billing/crypto/demo-wallet";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { userRoute } from "@/lib/http/route";

// POST /api/crypto/demo-wallet { method, params }: the DEMO wallet's EIP-1193 requests, relayed to
// the local test network (npm start only: 404 anywhere else). Signed-in users only.
export const POST = userRoute({ body: demoWalletRequest, budget: "writes" }, async ({ body }) => {
  const settings = getEnv().crypto;
  if (!settings) throw new ApiError(404, "not_found", "There is no demo wallet on this site.");
  return demoWalletCall(settings, body);
});
