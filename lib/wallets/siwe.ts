import "server-only";
import { and, count, eq, gt, isNull, lt } from "drizzle-orm";
import { getAddress, type Hex } from "viem";
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { z } from "zod";
import { chainClient } from "@/lib/billing/crypto/chain";
import type { Db } from "@/lib/db/client";
import { userWallets, walletNonces } from "@/lib/db/schema";
import type { CryptoSettings } from "@/lib/env";
import { inputText } from "@/lib/validation/text";
import { WalletLinkError } from "./errors";
import { MAX_WALLETS, type LinkedWallet, toLinkedWallet } from "./wallets";

// Linking a wallet by EIP-4361 Sign-In with Ethereum (viem/siwe). The server hands out a nonce
// stored with its user and expiry; the browser's wallet signs a message naming this site, the
// configured chain and that nonce; the server checks each of them, then the signature (through
// the chain's node, so contract wallets verify too), and spends the nonce in the write that links,
// so a message is good for one link only.

const NONCE_MINUTES = 10;

export type SiweChallenge = { nonce: string; domain: string; uri: string; chain_id: number; version: "1"; issued_at: string; expiration_time: string };

/** A fresh nonce for `userId`, and the message fields the wallet must sign with it. */
export async function issueNonce(db: Db, settings: CryptoSettings, appUrl: string, userId: string, now = new Date()): Promise<SiweChallenge> {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + NONCE_MINUTES * 60_000);
  // A user's spent or expired nonces are of no further use: dropped as new ones are asked for.
  await db.delete(walletNonces).where(and(eq(walletNonces.userId, userId), lt(walletNonces.expiresAt, now)));
  await db.insert(walletNonces).values({ nonce, userId, createdAt: now, expiresAt });
  const app = new URL(appUrl);
  return { nonce, domain: app.host, uri: app.origin, chain_id: settings.chainId, version: "1", issued_at: now.toISOString(), expiration_time: expiresAt.toISOString() };
}

export const linkBody = z.strictObject({
  message: inputText().min(1).max(2_000),
  signature: inputText().max(20_000).regex(/^0x(?:[0-9a-fA-F]{2})+$/, "must be a signature: 0x and hexadecimal digits"),
});
export type LinkBody = z.infer<typeof linkBody>;

export async function linkWallet(db: Db, settings: CryptoSettings, appUrl: string, userId: string, body: LinkBody, now = new Date()): Promise<LinkedWallet> {
  let message: ReturnType<typeof parseSiweMessage>;
  try {
    message = parseSiweMessage(body.message);
  } catch {
    throw new WalletLinkError("siwe_invalid_message");
  }
  if (!message.address || !message.nonce || !message.domain || !message.uri || message.chainId === undefined || message.version !== "1") throw new WalletLinkError("siwe_invalid_message");
  const app = new URL(appUrl);
  if (message.domain !== app.host || !sameOrigin(message.uri, app.origin)) throw new WalletLinkError("siwe_wrong_domain");
  if (message.chainId !== settings.chainId) throw new WalletLinkError("siwe_wrong_chain", { chain_id: settings.chainId });
  const nonceIsOpen = and(eq(walletNonces.nonce, message.nonce), eq(walletNonces.userId, userId), isNull(walletNonces.usedAt), gt(walletNonces.expiresAt, now));
  if ((await db.select({ nonce: walletNonces.nonce }).from(walletNonces).where(nonceIsOpen)).length === 0) throw new WalletLinkError("siwe_nonce_invalid");
  // Times only: domain, address and nonce were checked above, with their own errors.
  if (!validateSiweMessage({ message, time: now })) throw new WalletLinkError("siwe_expired");
  const signed = await chainClient(settings)
    .verifySiweMessage({ message: body.message, signature: body.signature as Hex, time: now })
    .catch(() => false);
  if (!signed) throw new WalletLinkError("siwe_bad_signature");

  const address = getAddress(message.address).toLowerCase();
  return db.transaction(async (tx) => {
    // Spent here, in the write that links: of two submissions of one message, one links.
    const spent = await tx.update(walletNonces).set({ usedAt: now }).where(nonceIsOpen).returning({ nonce: walletNonces.nonce });
    if (spent.length === 0) throw new WalletLinkError("siwe_nonce_invalid");
    const [holder] = await tx.select({ userId: userWallets.userId }).from(userWallets).where(eq(userWallets.address, address));
    if (holder && holder.userId !== userId) throw new WalletLinkError("wallet_linked_elsewhere");
    if (!holder) {
      const [{ linked } = { linked: 0 }] = await tx.select({ linked: count() }).from(userWallets).where(eq(userWallets.userId, userId));
      if (linked >= MAX_WALLETS) throw new WalletLinkError("wallet_limit", { max: MAX_WALLETS });
    }
    const [row] = await tx
      .insert(userWallets)
      .values({ address, userId, chainId: settings.chainId, linkedAt: now })
      .onConflictDoUpdate({ target: userWallets.address, set: { chainId: settings.chainId, linkedAt: now }, where: eq(userWallets.userId, userId) })
      .returning();
    // Linked by another account between the check and the insert.
    if (!row) throw new WalletLinkError("wallet_linked_elsewhere");
    return toLinkedWallet(row);
  });
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin;
  } catch {
    return false;
  }
}
