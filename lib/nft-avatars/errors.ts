import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// Why setting an NFT avatar or redeeming an NFT coupon is refused (lib/nft-avatars/): one error for
// the domain, made into the envelope in one place (lib/http/to-api-error.ts), each sentence in messages/validation.

export const NFT_ERRORS = {
  /** The guild saved no collection address in the plugin's settings. */
  nft_no_collection: { status: 409, field: null },
  /** No linked wallet of the caller owns the token on chain (or the token does not exist). */
  nft_not_owner: { status: 403, field: "token_id" },
  /** The token's metadata or picture could not be read or is not a picture. */
  nft_image_unavailable: { status: 422, field: "token_id" },
  nft_coupon_unknown: { status: 404, field: "coupon_code" },
  nft_coupon_used: { status: 409, field: "coupon_code" },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type NftErrorCode = keyof typeof NFT_ERRORS & IssueCode;

export class NftError extends DomainError<NftErrorCode> {
  override readonly name = "NftError";
  readonly table = NFT_ERRORS;
}
