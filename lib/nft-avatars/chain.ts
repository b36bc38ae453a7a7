import "server-only";
import sharp from "sharp";
import { parseAbi, type Address } from "viem";
import { chainClient } from "@/lib/billing/crypto/chain";
import type { CryptoSettings } from "@/lib/env";
import { NftError } from "./errors";

// What NFT avatars read from the chain, with viem: a token's owner (ERC-721 ownerOf) and its
// picture (tokenURI's metadata), made into the PNG the platform takes as an avatar. Only data:
// URIs are read (the metadata lives on chain, as the local test collection's does): fetching a
// collection's off-chain metadata (https, ipfs) is not done.

const ERC721 = parseAbi(["function ownerOf(uint256 tokenId) view returns (address)", "function tokenURI(uint256 tokenId) view returns (string)"]);
/** The platform's avatar size, and the most of an SVG or metadata read. */
const AVATAR_PX = 256;
const MAX_URI_CHARS = 200_000;

/** The token's owner now, or null when it does not exist (ownerOf reverts) in that collection. */
export async function ownerOfToken(settings: CryptoSettings, collection: Address, tokenId: bigint): Promise<Address | null> {
  try {
    return await chainClient(settings).readContract({ address: collection, abi: ERC721, functionName: "ownerOf", args: [tokenId] });
  } catch {
    return null;
  }
}

/** The token's picture as a `data:image/png;base64,…` avatar. */
export async function tokenAvatar(settings: CryptoSettings, collection: Address, tokenId: bigint): Promise<string> {
  const uri = await chainClient(settings)
    .readContract({ address: collection, abi: ERC721, functionName: "tokenURI", args: [tokenId] })
    .catch(() => null);
  const image = uri ? imageOf(uri) : null;
  if (!image) throw new NftError("nft_image_unavailable");
  try {
    const png = await sharp(image, { limitInputPixels: 4096 * 4096 }).resize(AVATAR_PX, AVATAR_PX, { fit: "cover" }).png().toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    throw new NftError("nft_image_unavailable");
  }
}

/** The picture's bytes from metadata in a data: URI (JSON whose `image` is a data: URI too). */
function imageOf(uri: string): Buffer | null {
  if (uri.length > MAX_URI_CHARS) return null;
  const metadata = dataUri(uri);
  if (!metadata || !metadata.type.startsWith("application/json")) return null;
  let image: unknown;
  try {
    image = (JSON.parse(metadata.bytes.toString("utf8")) as { image?: unknown }).image;
  } catch {
    return null;
  }
  const picture = typeof image === "string" ? dataUri(image) : null;
  return picture && picture.type.startsWith("image/") ? picture.bytes : null;
}

function dataUri(uri: string): { type: string; bytes: Buffer } | null {
  const match = /^data:([^,;]+)((?:;[^,;]+)*),(.*)$/s.exec(uri);
  if (!match) return null;
  const [, type = "", parameters = "", payload = ""] = match;
  if (parameters.split(";").includes("base64")) return { type, bytes: Buffer.from(payload, "base64") };
  try {
    return { type, bytes: Buffer.from(decodeURIComponent(payload), "utf8") };
  } catch {
    // Not percent-encoded (the test collection's plain JSON and SVG): taken as it is.
    return { type, bytes: Buffer.from(payload, "utf8") };
  }
}
