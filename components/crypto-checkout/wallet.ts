import { createWalletClient, custom, erc20Abi, type Address, type EIP1193Provider, type Hash, type WalletClient } from "viem";
import type { DemoWalletAnswer } from "@/lib/billing/crypto/demo-account";
import type { PaymentQuote } from "@/lib/billing/crypto/quote";

// The browser side of a crypto payment, apart from React so the tests run the very same steps
// against the local node: connect an EIP-1193 wallet with viem, bring it to the quote's chain,
// and send the transfer the quote asks for. Client-safe.

export type WalletErrorKind = "rejected" | "wrong_chain" | "no_account" | "failed";

export class WalletError extends Error {
  constructor(readonly kind: WalletErrorKind, message: string) {
    super(message);
    this.name = "WalletError";
  }
}

/** EIP-1193 codes: 4001 the user refused, 4902 the wallet does not know the chain. */
function walletCode(error: unknown): number | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === "number") return current.code;
  }
  return undefined;
}

function asWalletError(error: unknown, fallback: WalletErrorKind): WalletError {
  if (error instanceof WalletError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new WalletError(walletCode(error) === 4001 ? "rejected" : fallback, message);
}

export type Connected = { client: WalletClient; account: Address };

/** Asks the wallet for an account, then for the quote's chain (switching when it is elsewhere). */
export async function connectWallet(provider: EIP1193Provider, chainId: number): Promise<Connected> {
  const client = createWalletClient({ transport: custom(provider) });
  try {
    const [account] = await client.requestAddresses();
    if (!account) throw new WalletError("no_account", "The wallet shared no account.");
    if ((await client.getChainId()) !== chainId) {
      try {
        await client.switchChain({ id: chainId });
      } catch (error) {
        throw asWalletError(error, "wrong_chain");
      }
      if ((await client.getChainId()) !== chainId) throw new WalletError("wrong_chain", "The wallet stayed on another network.");
    }
    return { client, account };
  } catch (error) {
    throw asWalletError(error, "failed");
  }
}

/** Sends the quote's amount to its recipient: a token transfer, or native coin. Resolves once signed and sent. */
export async function sendPayment({ client, account }: Connected, quote: Pick<PaymentQuote, "asset" | "recipient" | "amount">): Promise<Hash> {
  try {
    const amount = BigInt(quote.amount);
    if (quote.asset.kind === "native") return await client.sendTransaction({ account, chain: null, to: quote.recipient, value: amount });
    return await client.writeContract({ account, chain: null, address: quote.asset.address, abi: erc20Abi, functionName: "transfer", args: [quote.recipient, amount] });
  } catch (error) {
    throw asWalletError(error, "failed");
  }
}

/** An EIP-1193 provider for the DEMO wallet: each request goes to POST /api/crypto/demo-wallet through `send`. */
export function demoWalletProvider(send: (request: { method: string; params: unknown[] }) => Promise<DemoWalletAnswer>): EIP1193Provider {
  const request = async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = await send({ method, params: Array.isArray(params) ? params : [] });
    if ("error" in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    return answer.result;
  };
  return { request, on: () => undefined, removeListener: () => undefined } as unknown as EIP1193Provider;
}
