import "server-only";
import { isAddressEqual, type Address } from "viem";
import { z } from "zod";
import type { CryptoSettings } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { DEMO_WALLET_ADDRESS, type DemoWalletAnswer } from "./demo-account";

// The demo's stand-in for a browser wallet: when npm start runs the local Hardhat node
// (CRYPTO_DEMO_WALLET), the page may pay from one of its funded, publicly known test accounts.
// The browser cannot reach the node itself (the page's CSP allows 'self' only), so its EIP-1193
// requests come here and the few a payment or a wallet link needs are relayed; the node signs for its unlocked
// account. Nothing else is relayed, and nowhere but on the local node.

const RELAYED = [
  "eth_chainId",
  "eth_blockNumber",
  "eth_call",
  "eth_estimateGas",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_getBlockByNumber",
  "eth_getTransactionCount",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_sendTransaction",
  // Signs the Sign-In with Ethereum message that links the wallet to the account (lib/wallets/siwe.ts).
  "personal_sign",
] as const;
const ANSWERED = ["eth_accounts", "eth_requestAccounts", "wallet_switchEthereumChain"] as const;

export const demoWalletRequest = z.object({
  method: z.enum([...RELAYED, ...ANSWERED]),
  params: z.array(z.unknown()).max(4).default([]),
});
export type DemoWalletRequest = z.infer<typeof demoWalletRequest>;

const isDemoAccount = (address: unknown) => typeof address === "string" && /^0x[0-9a-fA-F]{40}$/.test(address) && isAddressEqual(address as Address, DEMO_WALLET_ADDRESS);

const refused = (code: number, message: string): DemoWalletAnswer => ({ error: { code, message } });

export async function demoWalletCall(settings: CryptoSettings, request: DemoWalletRequest): Promise<DemoWalletAnswer> {
  if (!settings.demoWallet) throw new ApiError(404, "not_found", "There is no demo wallet on this site.");
  const { method, params } = request;
  if (method === "eth_accounts" || method === "eth_requestAccounts") return { result: [DEMO_WALLET_ADDRESS] };
  if (method === "wallet_switchEthereumChain") {
    const wanted = (params[0] as { chainId?: unknown } | undefined)?.chainId;
    return wanted === `0x${settings.chainId.toString(16)}` ? { result: null } : refused(4902, "The demo wallet knows only the local test network.");
  }
  if (method === "eth_sendTransaction") {
    const from = (params[0] as { from?: unknown } | undefined)?.from;
    if (!isDemoAccount(from)) return refused(4100, "The demo wallet sends only from its own account.");
  }
  if (method === "personal_sign" && !isDemoAccount(params[1])) return refused(4100, "The demo wallet signs only with its own account.");
  const response = await fetch(settings.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!response?.ok) throw new ApiError(503, "crypto_unavailable", "The local test network is not running.");
  const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } };
  return body.error ? refused(body.error.code ?? -32000, body.error.message ?? "The test network refused the request.") : { result: body.result ?? null };
}
