import { transferRoute } from "@/lib/billing/transfer-route";

// POST /api/guilds/transfer-web3 { target_guild_id, origin_guild_id }: the buyer moves the origin guild's web3 to the target guild.
export const POST = transferRoute("web3");
