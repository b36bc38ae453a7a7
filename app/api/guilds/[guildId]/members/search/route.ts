import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { guildRoute } from "@/lib/http/route";
import { searchGuildMembers } from "@/lib/platform/bot-api";
import { guildIdParams } from "@/lib/platform/snowflake";

const MAX_LIMIT = 25;
const query = z.object({ q: inputText().trim().min(1).max(100), limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(10) });

// GET /api/guilds/{id}/members/search?q=: members whose name or nickname starts with q (for pickers and @ mentions).
// Spends the bot's platform budget, so it has its own per-user budget, and the platform is
// always asked for MAX_LIMIT: one cached answer per (guild, query) serves every `limit`.
export const GET = guildRoute({ params: guildIdParams, query, budget: "member-search" }, async ({ access, query }) => {
  const members = (await searchGuildMembers(access.guildId, query.q, MAX_LIMIT)).slice(0, query.limit);
  return members.flatMap((member) =>
    member.user ? [{ id: member.user.id, username: member.user.username, global_name: member.user.global_name, nick: member.nick ?? null, avatar: member.user.avatar }] : [],
  );
});
