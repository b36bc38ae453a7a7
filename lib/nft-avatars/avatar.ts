import "server-only";
import { and, eq } from "drizzle-orm";
import { getAddress, isAddressEqual, type Address } from "viem";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { nftAvatars, userWallets } from "@/lib/db/schema";
import type { CryptoSettings } from "@/lib/env";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { addMemberRole, removeMemberRole, setBotGuildAvatar } from "@/lib/platform/guild-edits";
import { nftAvatars as plugin } from "@/lib/plugins/nft_avatars/definition";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { inputText } from "@/lib/validation/text";
import { ownerOfToken, tokenAvatar } from "./chain";
import { NftError } from "./errors";

// An NFT as the bot's avatar in a guild: a holder (a linked wallet of theirs owns the token of the
// guild's configured collection, asked of the chain at that moment) sets it; the bot's avatar in
// that guild becomes the token's picture and the holder gets the guild's holder role. The job
// engine asks the chain again every recheck_hours (./recheck.ts): a token gone from that wallet
// resets the avatar and takes the role back.

export type NftConfig = { collection_address: string; holder_role_id: string | null; recheck_hours: number };

export type NftAvatar = { token_id: string; collection: Address; wallet: Address; user_id: string; set_at: string; checked_at: string };

export const setAvatarBody = z.strictObject({
  /** A uint256, as decimal digits. */
  token_id: inputText().regex(/^\d{1,78}$/, "must be a token id: decimal digits"),
});

export async function nftConfigOf(db: Db, guildId: string): Promise<NftConfig> {
  return (await readPluginState(db, guildId, plugin)).config as NftConfig;
}

const toAvatar = (row: typeof nftAvatars.$inferSelect): NftAvatar => ({
  token_id: row.tokenId,
  collection: getAddress(row.collection),
  wallet: getAddress(row.wallet),
  user_id: row.userId,
  set_at: row.setAt.toISOString(),
  checked_at: row.checkedAt.toISOString(),
});

export async function currentAvatar(db: Db, guildId: string): Promise<NftAvatar | null> {
  const [row] = await db.select().from(nftAvatars).where(eq(nftAvatars.guildId, guildId));
  return row ? toAvatar(row) : null;
}

export async function setNftAvatar(db: Db, settings: CryptoSettings, input: { guildId: string; userId: string; tokenId: string }, now = new Date()): Promise<NftAvatar> {
  const config = await nftConfigOf(db, input.guildId);
  if (!config.collection_address) throw new NftError("nft_no_collection");
  const collection = getAddress(config.collection_address);
  const tokenId = BigInt(input.tokenId);
  const owner = await ownerOfToken(settings, collection, tokenId);
  const wallets = await db.select({ address: userWallets.address }).from(userWallets).where(eq(userWallets.userId, input.userId));
  const holding = owner && wallets.find((wallet) => isAddressEqual(wallet.address as Address, owner));
  if (!holding) throw new NftError("nft_not_owner");
  await setBotGuildAvatar(input.guildId, await tokenAvatar(settings, collection, tokenId));
  const previous = await currentAvatar(db, input.guildId);
  const values = { guildId: input.guildId, userId: input.userId, wallet: holding.address, collection: collection.toLowerCase(), tokenId: input.tokenId, setAt: now, checkedAt: now };
  const [row] = await db.insert(nftAvatars).values(values).onConflictDoUpdate({ target: nftAvatars.guildId, set: values }).returning();
  if (config.holder_role_id) {
    await addMemberRole(input.guildId, input.userId, config.holder_role_id, "Holds an NFT of the server's collection");
    // The previous holder's role goes with their avatar.
    if (previous && previous.user_id !== input.userId) await removeMemberRole(input.guildId, previous.user_id, config.holder_role_id, "Their NFT is no longer the bot's avatar").catch(() => undefined);
  }
  return toAvatar(row!);
}

/** The bot's own avatar again in the guild, the holder role taken back; `why` goes to the platform's audit log. */
export async function resetNftAvatar(db: Db, guildId: string, why: string): Promise<boolean> {
  const [row] = await db.select().from(nftAvatars).where(eq(nftAvatars.guildId, guildId));
  if (!row) return false;
  // The platform first, the row after: a platform that fails leaves the row for the next try.
  await unlessGone(() => setBotGuildAvatar(guildId, null));
  const config = await nftConfigOf(db, guildId);
  const role = config.holder_role_id;
  if (role) await unlessGone(() => removeMemberRole(guildId, row.userId, role, why));
  const [deleted] = await db.delete(nftAvatars).where(eq(nftAvatars.guildId, guildId)).returning();
  return Boolean(deleted);
}

/** The bot left the server, or the member or role is gone: nothing is left to reset there. */
async function unlessGone(change: () => Promise<unknown>): Promise<void> {
  try {
    await change();
  } catch (error) {
    const gone: number[] = [PlatformErrorCode.UNKNOWN_GUILD, PlatformErrorCode.UNKNOWN_MEMBER, PlatformErrorCode.UNKNOWN_ROLE, PlatformErrorCode.MISSING_ACCESS];
    if (!(error instanceof PlatformError && error.code !== undefined && gone.includes(error.code))) throw error;
  }
}

/** Whether the avatar's token is still held by the wallet it was set from, still linked to its holder. */
export async function stillHeld(db: Db, settings: CryptoSettings, row: typeof nftAvatars.$inferSelect, config: NftConfig): Promise<boolean> {
  if (!config.collection_address || config.collection_address.toLowerCase() !== row.collection) return false;
  const [linked] = await db.select().from(userWallets).where(and(eq(userWallets.address, row.wallet), eq(userWallets.userId, row.userId)));
  if (!linked) return false;
  const owner = await ownerOfToken(settings, getAddress(row.collection), BigInt(row.tokenId));
  return owner !== null && isAddressEqual(owner, row.wallet as Address);
}
