import { z } from "zod";
import { OFFERS, shopOffer } from "@/lib/billing/shop";
import { publicRoute } from "@/lib/http/route";

// GET /api/shop/{premium|pro|web3|mee6-bundle|rank-card}: an offer and its prices, for anyone.
export const GET = publicRoute({ params: z.object({ offer: z.enum(OFFERS) }), budget: "reads" }, async ({ params }) => shopOffer(params.offer));
