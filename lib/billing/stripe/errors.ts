import "server-only";
import Stripe from "stripe";
import { ApiError } from "@/lib/http/api-error";
import { StripeMappingError } from "./subscription-map";

/** Runs a Stripe call; Stripe being down or refusing answers 502 `billing_unavailable` (retry later), never a 500. */
export async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError || error instanceof StripeMappingError) {
      console.warn("[stripe]", error.message);
      throw new ApiError(502, "billing_unavailable", "The payment provider is not answering right now. Please try again shortly.");
    }
    throw error;
  }
}
