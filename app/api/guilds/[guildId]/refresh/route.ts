import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { refreshGuild } from "@/lib/guilds/refresh";
import { guildRoute } from "@/lib/http/route";

const params = z.object({ guildId: inputText().regex(/^\d{17,20}$/, "must be a guild id") });

// POST /api/guilds/{id}/refresh: re-read channels and roles from the platform (once a minute at most).
export const POST = guildRoute({ params }, async ({ access }) => refreshGuild(access.guildId));
