import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { guildRoute } from "@/lib/http/route";
import { getGuildMember } from "@/lib/platform/bot-api";
import { guildIdParams } from "@/lib/platform/snowflake";

const params = guildIdParams.extend({ memberId: z.literal("@me", "only @me is supported") });

// GET /api/guilds/{id}/members/@me: the signed-in user's member object and permissions there.
export const GET = guildRoute({ params }, async ({ access }) => {
  const member = await getGuildMember(access.guildId, access.userId);
  if (!member) throw new ApiError(404, "member_not_found", "You are not a member of this server.");
  return { ...member, permissions: access.permissions.toString(), is_owner: access.isOwner };
});
