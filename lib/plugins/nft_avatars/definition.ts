import { z } from "zod";
import { inputText, integer, roleField } from "../fields";
import { definePlugin } from "../types";
import { issue } from "../../validation/issues";

/** An EVM contract address, or empty while none is set. */
export const CONTRACT_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

// The collection is read on the site's configured chain (CRYPTO_RPC_URL): a holder sets one of
// their NFTs as the bot's avatar through POST /api/guilds/{id}/nft-avatar (lib/nft-avatars/),
// gets holder_role_id, and the job engine checks the holding again every recheck_hours.
export const nftAvatars = definePlugin({
  id: "nft_avatars",
  category: "other",
  premium: true,
  icon: "image",
  configSchema: z.strictObject({
    collection_address: z.union([inputText().max(42).regex(CONTRACT_ADDRESS, issue("invalid_contract_address")), z.literal("")]).default(""),
    holder_role_id: roleField({ gives: true }),
    recheck_hours: integer(1, 168, 24),
  }),
  collections: {},
});
