import "server-only";
import { getEnv, type CryptoSettings } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";

/** The crypto settings, or 503 `crypto_unavailable` where crypto checkout is off (no CRYPTO_RPC_URL). */
export function cryptoSettings(): CryptoSettings {
  const settings = getEnv().crypto;
  if (!settings) throw new ApiError(503, "crypto_unavailable", "Crypto payments are not available on this site.");
  return settings;
}
