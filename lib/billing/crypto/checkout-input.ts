import { z } from "zod";
import { PERIODS, PLANS } from "@/lib/billing/plans";
import { platformId } from "@/lib/platform/snowflake";
import { inputText, inputUuid } from "@/lib/validation/text";

// The crypto checkout's inputs, as the routes parse them and the browser island sends them.

export const checkoutParams = z.object({ planId: z.enum(PLANS) });

const period = z.coerce.number().pipe(z.union(PERIODS.map((months) => z.literal(months)) as [z.ZodLiteral<1>, z.ZodLiteral<12>]));

/** GET: the price, before a wallet is known. */
export const checkoutQuery = z.object({ guild_id: platformId("guild"), period });

/** POST: opens a checkout for the wallet the buyer will pay from (the browser wallet's or the DEMO wallet's account). */
export const checkoutBody = z.object({
  guild_id: platformId("guild"),
  period,
  payer: inputText().regex(/^0x[0-9a-fA-F]{40}$/, "must be a wallet address: 0x and 40 hexadecimal digits"),
});

export const paymentParams = z.object({ checkoutId: inputUuid("must be a checkout id") });

/** POST …/checkouts/{id}/payment: the transaction that paid it. */
export const paymentBody = z.object({
  tx_hash: inputText().regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash: 0x and 64 hexadecimal digits"),
  /** The chain the wallet was on when it paid. */
  chain_id: z.number().int().min(1),
});
