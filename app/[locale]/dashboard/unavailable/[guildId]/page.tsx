import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { getEnv } from "@/lib/env";
import { guildPageVerdict, type GuildPageVerdict } from "@/lib/guilds/page-verdict";
import { localeOr } from "@/lib/i18n/locales";
import { isSnowflake } from "@/lib/platform/snowflake";
import { getSession } from "@/lib/session/server";
import { BotMissingPanel, NotManagedPanel, UnreachablePanel } from "./status-panels";

// Middleware rewrites a guild page here when its user may not open it, the bot is not in
// the server, or the platform could not answer; the address bar keeps the guild page's address.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string; guildId: string }> };

/** Why the guild page is not shown, decided once per request. */
const whyUnavailable = cache(async (guildId: string): Promise<GuildPageVerdict | { kind: "unreachable" }> => {
  const session = await getSession();
  if (!session || !isSnowflake(guildId)) return { kind: "not_managed" };
  return guildPageVerdict(session, guildId).catch(() => ({ kind: "unreachable" as const }));
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, guildId } = await params;
  const [state, t] = await Promise.all([whyUnavailable(guildId), getTranslations({ locale: localeOr(raw), namespace: "guild" })]);
  const title = state.kind === "bot_missing" ? t("metaTitle", { name: state.guild.name }) : state.kind === "unreachable" ? t("unreachableTitle") : t("notManagedTitle");
  return { title, robots: { index: false } };
}

export default async function GuildUnavailablePage({ params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const state = await whyUnavailable(guildId);
  if (state.kind === "not_managed") return <NotManagedPanel locale={locale} />;
  if (state.kind === "unreachable") return <UnreachablePanel locale={locale} guildId={guildId} />;
  if (state.kind === "bot_missing") return <BotMissingPanel locale={locale} guild={state.guild} cdnBase={getEnv().DISCORD_CDN_URL} />;
  // Access changed between middleware and this render (the bot just joined): offer the way in.
  const t = await getTranslations({ locale, namespace: "guild" });
  return (
    <div className="container">
      <p>
        <Link href={`/${locale}/dashboard/${guildId}`}>{t("nav.overview")}</Link>
      </p>
    </div>
  );
}
