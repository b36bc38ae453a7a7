import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// Why linking or unlinking a wallet is refused (lib/wallets/): one error for the domain, made into
// the envelope in one place (lib/http/to-api-error.ts), each sentence in messages/validation.

export const WALLET_ERRORS = {
  /** Not an EIP-4361 message. */
  siwe_invalid_message: { status: 400, field: "message" },
  /** Signed for another site (its domain or URI is not this app's). */
  siwe_wrong_domain: { status: 400, field: "message" },
  /** Signed for another chain than the configured one ({chain_id}). */
  siwe_wrong_chain: { status: 400, field: "message" },
  /** A nonce this user was not given, already spent, or expired. */
  siwe_nonce_invalid: { status: 400, field: "message" },
  /** The message's own expiration time (or not-before) excludes now. */
  siwe_expired: { status: 400, field: "message" },
  /** The signature is not the address's over this message. */
  siwe_bad_signature: { status: 400, field: "signature" },
  /** Another account linked this wallet. */
  wallet_linked_elsewhere: { status: 409, field: null },
  /** The account already has {max} wallets. */
  wallet_limit: { status: 409, field: null },
  /** Not one of the caller's wallets. */
  wallet_not_found: { status: 404, field: null },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type WalletErrorCode = keyof typeof WALLET_ERRORS & IssueCode;

export class WalletLinkError extends DomainError<WalletErrorCode> {
  override readonly name = "WalletLinkError";
  readonly table = WALLET_ERRORS;
}
