import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { nftCoupons } from "@/lib/db/schema";
import { inputText } from "@/lib/validation/text";
import { NftError } from "./errors";

// NFT coupon codes: each is redeemed once, by the first caller whose update claims it (the update
// is the check, so two redemptions at once cannot both succeed). The answer says where the code
// was handed out (`source`).

export const couponBody = z.strictObject({ coupon_code: inputText().trim().min(4).max(64).regex(/^[A-Za-z0-9-]+$/, "must be letters, digits and dashes") });

export async function redeemCoupon(db: Db, userId: string, code: string, now = new Date()): Promise<{ ok: true; source: string }> {
  const normalized = code.toUpperCase();
  const [claimed] = await db
    .update(nftCoupons)
    .set({ redeemedBy: userId, redeemedAt: now })
    .where(and(eq(nftCoupons.code, normalized), isNull(nftCoupons.redeemedBy)))
    .returning({ source: nftCoupons.source });
  if (claimed) return { ok: true, source: claimed.source };
  const [known] = await db.select({ code: nftCoupons.code }).from(nftCoupons).where(eq(nftCoupons.code, normalized));
  throw new NftError(known ? "nft_coupon_used" : "nft_coupon_unknown");
}
