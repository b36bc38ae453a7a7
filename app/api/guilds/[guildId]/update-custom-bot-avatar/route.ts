import { customBotAnswer } from "@/lib/custom-bot/answer";
import { setCustomBotAvatarImage } from "@/lib/custom-bot/avatar";
import { readImageForm } from "@/lib/images/form";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// POST /api/guilds/{id}/update-custom-bot-avatar: multipart `image` (as POST /images takes it), re-encoded and set as the bot's avatar on the platform.
export const POST = guildRoute({ params: guildIdParams }, async ({ req, db, access }) => {
  const form = await readImageForm(req);
  return customBotAnswer(db, access, req, await setCustomBotAvatarImage(db, access, form.image));
});
