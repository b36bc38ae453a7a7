import { getDb } from "@/lib/db/client";
import { userRoute } from "@/lib/http/route";
import { couponBody, redeemCoupon } from "@/lib/nft-avatars/coupons";
import { assertSelf, userIdParam } from "@/lib/users/current-user";

// POST /api/crypto/users/@me/nft-coupons { coupon_code }: redeems an NFT coupon code once; answers `{ ok, source }`.
export const POST = userRoute({ params: userIdParam, body: couponBody, budget: "writes" }, async ({ session, params, body }) => {
  assertSelf(session, params.userId);
  return redeemCoupon(await getDb(), session.userId, body.coupon_code);
});
