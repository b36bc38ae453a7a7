import { z } from "zod";
import { finalizeCheckout } from "@/lib/billing/chargebee/apply";
import { userRoute } from "@/lib/http/route";
import { inputText } from "@/lib/validation/text";

// POST /api/chargebee/finalize: the buyer is back from Chargebee's hosted page; the page is read
// from Chargebee (never from the browser), must be this user's, and its subscription is applied
// once. Answers the guild it now pays for, where the browser goes next.
const body = z.strictObject({ hosted_page_id: inputText().regex(/^[A-Za-z0-9_-]{1,100}$/) });

export const POST = userRoute({ body, budget: "writes" }, async ({ body, session }) => finalizeCheckout(body.hosted_page_id, session.userId));
