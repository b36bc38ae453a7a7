import { z } from "zod";
import { assertOfferSold, OFFERS, shopOffer } from "@/lib/billing/shop";
import { apiLocale } from "@/lib/http/api-locale";
import { publicRoute } from "@/lib/http/route";

// GET /api/shop/{premium|pro|web3|mee6-bundle|rank-card}: an offer and its prices, for anyone; 404
// offer_not_sold for one Guildhall does not sell (nothing it unlocks is built yet).
export const GET = publicRoute({ params: z.object({ offer: z.enum(OFFERS) }), budget: "reads" }, async ({ req, params }) => {
  assertOfferSold(params.offer, apiLocale(req));
  return shopOffer(params.offer);
});
