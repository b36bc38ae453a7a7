import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { userRoute } from "@/lib/http/route";
import { assertSelf, userIdParam } from "@/lib/users/current-user";
import { listTransactions, transactionsQuery } from "@/lib/wallets/transactions";

// GET /api/crypto/users/@me/transactions?limit&skip&sort&order&types&polling: the caller's crypto
// payments, from their crypto checkouts (lib/wallets/transactions.ts). Readable where crypto is off too.
export const GET = userRoute({ params: userIdParam, query: transactionsQuery, budget: "reads" }, async ({ session, params, query }) => {
  assertSelf(session, params.userId);
  return listTransactions(await getDb(), getEnv().crypto, session.userId, query);
});
