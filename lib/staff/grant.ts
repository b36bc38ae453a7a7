import "server-only";
import { z } from "zod";
import { auditTarget, recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/client";
import { addCredits } from "@/lib/credits/ledger";
import { inputText } from "@/lib/validation/text";

/** The most credits one grant gives: a slip of the keyboard stays small. */
export const MAX_GRANT = 100_000;

/** A staff grant: how many credits and why (the reason is required, and shown to the guild's owners). */
export const grantBody = z.strictObject({
  amount: z.number().int().min(1).max(MAX_GRANT),
  reason: inputText().trim().min(3).max(500),
});
export type Grant = z.output<typeof grantBody>;

/**
 * Gives the guild credits as staff: the ledger line and the guild's audit event (marked as a
 * staff action, with the reason) are written in one transaction, so neither exists alone.
 */
export async function grantCredits(db: Db, guildId: string, staffId: string, grant: Grant): Promise<{ balance: number }> {
  return db.transaction(async (tx) => {
    const added = (await addCredits(tx, { guildId, amount: grant.amount, reason: "grant", actorId: staffId, note: grant.reason }))!;
    await recordAudit(tx, {
      guildId,
      userId: staffId,
      action: "staff.credits_grant",
      target: auditTarget.creditGrant(added.lineId),
      before: null,
      after: { staff: true, amount: grant.amount, reason: grant.reason, balance: added.balance },
    });
    return { balance: added.balance };
  });
}
