import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { getEnabledPlugins } from "@/lib/plugins/plugin-states";

// GET /api/guilds/{id}/enabled-plugins: the plugins switched on, for the guild menu's dots. The
// menu reads them itself so that switching a plugin expires only its page and the overview,
// not the ~35 other pages of the guild that draw the same menu (lib/guilds/page-cache-tag.ts).
export const GET = guildRoute({ params: guildIdParams }, async ({ access }) => ({ enabled: [...(await getEnabledPlugins(access.guildId))].sort() }));
