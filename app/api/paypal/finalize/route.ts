import { z } from "zod";
import { finalizePaypalCheckout, readPaypalCheckout } from "@/lib/billing/paypal/finalize";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { userRoute } from "@/lib/http/route";
import { inputText } from "@/lib/validation/text";

// POST /api/paypal/finalize { subscription_id }: the buyer is back from PayPal's approval page.
// The subscription is read from PayPal; the guild its custom_id names must be one the caller
// manages (checked first, so a stranger learns nothing) and the caller its buyer; then it is
// applied once. Answers the guild it now pays for, where the browser goes next.
const body = z.strictObject({ subscription_id: inputText().regex(/^I-[A-Z0-9]{6,30}$/) });

export const POST = userRoute({ body, budget: "writes" }, async ({ body, session }) => {
  const db = await getDb();
  const checkout = await readPaypalCheckout(body.subscription_id);
  await requireGuildAccess(db, session, checkout.guildId);
  return finalizePaypalCheckout(db, checkout, session.userId);
});
