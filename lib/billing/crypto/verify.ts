import "server-only";
import { erc20Abi, isAddressEqual, parseEventLogs, TransactionNotFoundError, TransactionReceiptNotFoundError, type Hash } from "viem";
import type { CryptoSettings } from "@/lib/env";
import { ApiError, fieldsError } from "@/lib/http/api-error";
import type { IssueCode } from "@/lib/validation/issues";
import { fieldIssue } from "@/lib/validation/server-messages";
import { chainClient } from "./chain";
import { paymentAsset } from "./quote";

// Reads a payment back from the chain with viem and accepts it only when the chain itself says
// it paid us: the configured chain, a mined and successful transaction buried under enough
// blocks, recent enough for the checkout's quote, and a transfer of the configured asset to the
// recipient covering the amount. The caller's word (body) is never trusted beyond the hash.

export type VerifiedPayment = { from: `0x${string}`; amount: bigint; tokenAddress: `0x${string}` | null };

/** A refusal the payer can act on, worded from its code in their language (messages/validation). */
export function paymentRefused(code: IssueCode, params?: Record<string, string | number>): ApiError {
  return fieldsError([fieldIssue("tx_hash", code, params)], "body");
}

function nodeDown(): ApiError {
  return new ApiError(503, "crypto_unavailable", "The payment network cannot be reached right now. Nothing was charged twice: try again in a minute.");
}

export async function verifyPayment(settings: CryptoSettings, input: { txHash: Hash; walletChainId: number; minimum: bigint; now: Date }): Promise<VerifiedPayment> {
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
  if (Number(block.timestamp) * 1000 < input.now.getTime() - settings.quoteMinutes * 60_000) throw paymentRefused("crypto_expired", { minutes: settings.quoteMinutes });

  const asset = paymentAsset(settings);
  let paid: bigint;
  if (asset.kind === "native") {
    if (!tx.to || !isAddressEqual(tx.to, settings.recipient)) throw paymentRefused("crypto_wrong_recipient");
    paid = tx.value;
  } else {
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs }).filter(
      (log) => isAddressEqual(log.address, asset.address) && isAddressEqual(log.args.to, settings.recipient),
    );
    if (transfers.length === 0) throw paymentRefused("crypto_wrong_recipient");
    paid = transfers.reduce((sum, log) => sum + log.args.value, 0n);
  }
  if (paid < input.minimum) throw paymentRefused("crypto_wrong_amount");
  return { from: tx.from, amount: paid, tokenAddress: asset.address };
}
