import "server-only";
import { and, eq } from "drizzle-orm";
import { auditTarget, recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/client";
import { accountLinks } from "@/lib/db/schema";
import type { LinkedAccount, LinkProvider } from "./providers";

// The account each guild linked per provider; every change lands with its audit row.

const columns = { id: accountLinks.accountId, name: accountLinks.name, display_name: accountLinks.displayName, avatar_url: accountLinks.avatarUrl };
const byKey = (guildId: string, provider: LinkProvider) => and(eq(accountLinks.guildId, guildId), eq(accountLinks.provider, provider));

export async function readAccountLink(db: Db, guildId: string, provider: LinkProvider): Promise<LinkedAccount | null> {
  const [row] = await db.select(columns).from(accountLinks).where(byKey(guildId, provider));
  return row ?? null;
}

/** Links (or replaces) the guild's account of this provider. */
export async function saveAccountLink(db: Db, link: { guildId: string; provider: LinkProvider; userId: string; account: LinkedAccount }): Promise<void> {
  const { guildId, provider, userId, account } = link;
  await db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(accountLinks).where(byKey(guildId, provider)).for("update");
    const values = { accountId: account.id, name: account.name, displayName: account.display_name, avatarUrl: account.avatar_url, linkedBy: userId, linkedAt: new Date() };
    await tx
      .insert(accountLinks)
      .values({ guildId, provider, ...values })
      .onConflictDoUpdate({ target: [accountLinks.guildId, accountLinks.provider], set: values });
    await recordAudit(tx, { guildId, userId, action: "account.link", target: auditTarget.accountLink(provider), before: before ?? null, after: account });
  });
}

/** Unlinks; says whether an account was linked (unlinking twice is one unlink, audited once). */
export async function removeAccountLink(db: Db, link: { guildId: string; provider: LinkProvider; userId: string }): Promise<boolean> {
  const { guildId, provider, userId } = link;
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(accountLinks).where(byKey(guildId, provider)).returning(columns);
    if (!removed) return false;
    await recordAudit(tx, { guildId, userId, action: "account.unlink", target: auditTarget.accountLink(provider), before: removed, after: null });
    return true;
  });
}
