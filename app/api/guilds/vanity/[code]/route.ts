import { z } from "zod";
import { GuildError } from "@/lib/guilds/errors";
import { guildByVanity } from "@/lib/guilds/vanity";
import { publicRoute } from "@/lib/http/route";
import { inputText } from "@/lib/validation/text";
import { INVITE_CODE } from "@/lib/platform/invites-api";

const params = z.object({ code: inputText().regex(INVITE_CODE, "A vanity code is 2 to 32 letters, digits or dashes") });

// GET /api/guilds/vanity/{code}: the server the bot is in with this vanity code (public: what its
// invite page shows). Each unknown code costs a platform lookup, hence its own budget.
export const GET = publicRoute({ params, budget: "vanity-lookups" }, async ({ params }) => {
  const guild = await guildByVanity(params.code);
  if (!guild) throw new GuildError("vanity_not_found");
  return guild;
});
