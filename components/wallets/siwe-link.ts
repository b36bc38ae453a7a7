import type { EIP1193Provider } from "viem";
import { createSiweMessage } from "viem/siwe";
import type { SiweChallenge } from "@/lib/wallets/siwe";
import { connectWallet, WalletError } from "@/components/crypto-checkout/wallet";

// The browser's side of linking a wallet (EIP-4361): connect the wallet on the challenge's chain,
// then have it sign the message built from the server's challenge. Apart from React so the steps
// are plain functions. Client-safe.

export type SignedLink = { message: string; signature: string };

export async function signLink(provider: EIP1193Provider, challenge: SiweChallenge, statement: string): Promise<SignedLink> {
  const { client, account } = await connectWallet(provider, challenge.chain_id);
  const message = createSiweMessage({
    address: account,
    domain: challenge.domain,
    uri: challenge.uri,
    chainId: challenge.chain_id,
    nonce: challenge.nonce,
    version: challenge.version,
    statement,
    issuedAt: new Date(challenge.issued_at),
    expirationTime: new Date(challenge.expiration_time),
  });
  try {
    return { message, signature: await client.signMessage({ account, message }) };
  } catch (error) {
    const code = (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    throw new WalletError(code === 4001 ? "rejected" : "failed", error instanceof Error ? error.message : String(error));
  }
}
