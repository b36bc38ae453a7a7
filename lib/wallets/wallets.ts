import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { userWallets } from "@/lib/db/schema";
import { inputText } from "@/lib/validation/text";
import { WalletLinkError } from "./errors";

/** How many wallets one account may link. */
export const MAX_WALLETS = 3;

export type LinkedWallet = { address: Address; chain_id: number; linked_at: string };

export const toLinkedWallet = (row: typeof userWallets.$inferSelect): LinkedWallet => ({ address: getAddress(row.address), chain_id: row.chainId, linked_at: row.linkedAt.toISOString() });

export async function listWallets(db: Db, userId: string): Promise<LinkedWallet[]> {
  const rows = await db.select().from(userWallets).where(eq(userWallets.userId, userId)).orderBy(asc(userWallets.linkedAt));
  return rows.map(toLinkedWallet);
}

export const walletParams = z.object({ address: inputText().regex(/^0x[0-9a-fA-F]{40}$/, "must be a wallet address: 0x and 40 hexadecimal digits") });

export async function unlinkWallet(db: Db, userId: string, address: string): Promise<void> {
  const removed = await db
    .delete(userWallets)
    .where(and(eq(userWallets.userId, userId), eq(userWallets.address, address.toLowerCase())))
    .returning({ address: userWallets.address });
  if (removed.length === 0) throw new WalletLinkError("wallet_not_found");
}
