import { guildRoute } from "@/lib/http/route";
import { serverInvite } from "@/lib/guilds/invite";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/guilds/{id}/invite: a link to join the server (its vanity link, or an invite the bot
// keeps in one channel), for a manager to share. Making it changes no page.
export const GET = guildRoute({ params: guildIdParams }, async ({ access }) => serverInvite(access.guildId));
