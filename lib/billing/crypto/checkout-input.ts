import { z } from "zod";
import { PERIODS, PLANS } from "@/lib/billing/plans";
import { platformId } from "@/lib/platform/snowflake";
import { inputText } from "@/lib/validation/text";

// The crypto checkout's inputs, as the route parses them and the browser island sends them.

export const checkoutParams = z.object({ planId: z.enum(PLANS) });

const period = z.coerce.number().pipe(z.union(PERIODS.map((months) => z.literal(months)) as [z.ZodLiteral<1>, z.ZodLiteral<12>]));

export const checkoutQuery = z.object({ guild_id: platformId("guild"), period });

export const checkoutBody = z.object({
  guild_id: platformId("guild"),
  period,
  tx_hash: inputText().regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash: 0x and 64 hexadecimal digits"),
  /** The chain the wallet was on when it paid. */
  chain_id: z.number().int().min(1),
});
