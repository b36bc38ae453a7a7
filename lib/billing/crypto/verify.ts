import "server-only";
import { erc20Abi, isAddressEqual, parseEventLogs, TransactionNotFoundError, TransactionReceiptNotFoundError, type Address, type Hash } from "viem";
import type { CryptoSettings } from "@/lib/env";
import { ApiError, fieldsError } from "@/lib/http/api-error";
import type { IssueCode } from "@/lib/validation/issues";
import { fieldIssue } from "@/lib/validation/server-messages";
import { chainClient } from "./chain";

// Reads a payment back from the chain with viem and accepts it only when the chain itself says
// it paid this checkout: the configured chain, a mined and successful transaction buried under
// enough blocks, a transfer of the checkout's asset to its recipient, sent from the wallet the
// buyer declared, of exactly the checkout's amount, while the checkout was open. The caller's
// word (body) is never trusted beyond the hash.

/** What one checkout asked for (./checkout.ts): `asset` is a token's address or `native`. */
export type ExpectedPayment = { asset: string; recipient: Address; payer: Address; amount: bigint; openedAt: Date; expiresAt: Date };

export type VerifiedPayment = { from: Address; amount: bigint; tokenAddress: Address | null };

/** A block's clock may run a little behind ours: a payment mined this long before its checkout opened still counts. */
const CLOCK_SKEW_MS = 60_000;

/** A refusal the payer can act on, worded from its code in their language (messages/validation). */
export function paymentRefused(code: IssueCode, params?: Record<string, string | number>): ApiError {
  return fieldsError([fieldIssue("tx_hash", code, params)], "body");
}

function nodeDown(): ApiError {
  return new ApiError(503, "crypto_unavailable", "The payment network cannot be reached right now. Nothing was charged twice: try again in a minute.");
}

export async function verifyPayment(settings: CryptoSettings, input: { txHash: Hash; walletChainId: number; expected: ExpectedPayment }): Promise<VerifiedPayment> {
  const { expected } = input;
  if (input.walletChainId !== settings.chainId) throw paymentRefused("crypto_wrong_chain", { chain_id: settings.chainId });
  const client = chainClient(settings);
  const read = async <T>(call: () => Promise<T>, missing: IssueCode): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError) throw paymentRefused(missing, { confirmations: settings.confirmations });
      throw nodeDown();
    }
  };
  if ((await read(() => client.getChainId(), "crypto_tx_not_found")) !== settings.chainId) throw paymentRefused("crypto_wrong_chain", { chain_id: settings.chainId });
  const tx = await read(() => client.getTransaction({ hash: input.txHash }), "crypto_tx_not_found");
  if (tx.chainId !== undefined && tx.chainId !== settings.chainId) throw paymentRefused("crypto_wrong_chain", { chain_id: settings.chainId });
  if (tx.blockNumber === null) throw paymentRefused("crypto_unconfirmed", { confirmations: settings.confirmations });
  const receipt = await read(() => client.getTransactionReceipt({ hash: input.txHash }), "crypto_unconfirmed");
  if (receipt.status !== "success") throw paymentRefused("crypto_reverted");
  const [latest, block] = await Promise.all([read(() => client.getBlockNumber({ cacheTime: 0 }), "crypto_unconfirmed"), read(() => client.getBlock({ blockNumber: receipt.blockNumber }), "crypto_unconfirmed")]);
  if (latest - receipt.blockNumber + 1n < BigInt(settings.confirmations)) throw paymentRefused("crypto_unconfirmed", { confirmations: settings.confirmations });

  let paid: bigint;
  if (expected.asset === "native") {
    if (!tx.to || !isAddressEqual(tx.to, expected.recipient)) throw paymentRefused("crypto_wrong_recipient");
    if (!isAddressEqual(tx.from, expected.payer)) throw paymentRefused("crypto_wrong_payer");
    paid = tx.value;
  } else {
    const token = expected.asset as Address;
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs }).filter((log) => isAddressEqual(log.address, token) && isAddressEqual(log.args.to, expected.recipient));
    if (transfers.length === 0) throw paymentRefused("crypto_wrong_recipient");
    const fromPayer = transfers.filter((log) => isAddressEqual(log.args.from, expected.payer));
    if (fromPayer.length === 0) throw paymentRefused("crypto_wrong_payer");
    paid = fromPayer.reduce((sum, log) => sum + log.args.value, 0n);
  }
  // Exactly the checkout's amount: that is what tells this buyer's payment from any other.
  if (paid !== expected.amount) throw paymentRefused("crypto_wrong_amount");
  const paidAt = Number(block.timestamp) * 1000;
  if (paidAt < expected.openedAt.getTime() - CLOCK_SKEW_MS || paidAt > expected.expiresAt.getTime()) throw paymentRefused("crypto_expired", { minutes: settings.quoteMinutes });
  return { from: expected.payer, amount: paid, tokenAddress: expected.asset === "native" ? null : (expected.asset as Address) };
}
