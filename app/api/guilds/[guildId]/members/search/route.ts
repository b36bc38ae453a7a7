import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { guildRoute } from "@/lib/http/route";
import { searchGuildMembers } from "@/lib/platform/bot-api";

const params = z.object({ guildId: inputText().regex(/^\d{17,20}$/, "must be a guild id") });
const query = z.object({ q: inputText().trim().min(1).max(100), limit: z.coerce.number().int().min(1).max(25).default(10) });

// GET /api/guilds/{id}/members/search?q=: members whose name or nickname starts with q (for pickers and @ mentions).
export const GET = guildRoute({ params, query }, async ({ access, query }) => {
  const members = await searchGuildMembers(access.guildId, query.q, query.limit);
  return members.flatMap((member) =>
    member.user ? [{ id: member.user.id, username: member.user.username, global_name: member.user.global_name, nick: member.nick ?? null, avatar: member.user.avatar }] : [],
  );
});
