import { z } from "zod";
import { channelField, inputText, integer, roleField, toggle } from "../fields";
import { definePlugin } from "../types";
import { issue } from "../../validation/issues";

/** An EVM contract address, or empty while none is set. */
export const CONTRACT_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const nftAvatars = definePlugin({
  id: "nft_avatars",
  category: "other",
  premium: true,
  icon: "image",
  configSchema: z.strictObject({
    chain: z.enum(["ethereum", "polygon", "base"]).default("ethereum"),
    collection_address: z.union([inputText().max(42).regex(CONTRACT_ADDRESS, issue("invalid_contract_address")), z.literal("")]).default(""),
    holder_role_id: roleField({ gives: true }),
    announcement_channel_id: channelField(),
    recheck_hours: integer(1, 168, 24),
    show_on_rank_card: toggle(true),
  }),
  collections: {},
});
