import { transferRoute } from "@/lib/billing/transfer-route";

// POST /api/guilds/transfer-premium { target_guild_id, origin_guild_id }: the buyer moves the origin guild's premium to the target guild.
export const POST = transferRoute("premium");
