import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/spinner";
import { botJoinedPath } from "@/lib/auth/bot-joined";
import { parseGuildOAuthState } from "@/lib/auth/guild-oauth-state";
import { forgetBotPresence } from "@/lib/guilds/bot-presence";
import { getSession } from "@/lib/session/server";
import { isSnowflake } from "@/lib/platform/snowflake";
import { localeFromRequest } from "@/lib/i18n/request-locale";
import { GuildOAuthRelay } from "./guild-oauth-relay";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Return page after adding the bot (spec 2). guild_id is only a hint: the page it
// leads to confirms the bot's presence with the bot token. With it (the platform sends it
// only when the bot was added), that page also says so (?bot=joined).
export default async function GuildOAuthPage({ searchParams }: Props) {
  const query = await searchParams;
  const rawGuild = typeof query.guild_id === "string" ? query.guild_id : null;
  const guildID = rawGuild && isSnowflake(rawGuild) ? rawGuild : null;
  const targetPath = parseGuildOAuthState(typeof query.state === "string" ? query.state : null);
  // The next visit asks the platform again whether the bot is there (signed-in users only).
  if (guildID && targetPath && (await getSession())) await forgetBotPresence(guildID);
  const locale = await localeFromRequest();
  const t = await getTranslations({ locale, namespace: "guildOauth" });
  return (
    <div>
      <Spinner label={t("title")} showLabel />
      <p style={{ color: "var(--text-muted)", marginTop: 16 }}>{t("body")}</p>
      <GuildOAuthRelay guildID={guildID} targetPath={guildID && targetPath ? botJoinedPath(targetPath) : targetPath} fallbackPath={`/${locale}/dashboard`} />
    </div>
  );
}
