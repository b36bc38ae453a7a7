import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getEnv } from "@/lib/env";
import { loadGuildPage } from "@/lib/guilds/guild-page";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { BotMissingPanel, NotManagedPanel } from "./status-panels";

// Middleware rewrites a guild page here when its user may not open it (or the bot is
// not in the server); the address bar keeps the guild page's address.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string; guildId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, guildId } = await params;
  const [state, t] = await Promise.all([loadGuildPage(guildId), getTranslations({ locale: isLocale(raw) ? raw : DEFAULT_LOCALE, namespace: "guild" })]);
  return { title: state.kind === "not_managed" ? t("notManagedTitle") : t("metaTitle", { name: state.guild.name }), robots: { index: false } };
}

export default async function GuildUnavailablePage({ params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  const state = await loadGuildPage(guildId);
  if (state.kind === "not_managed") return <NotManagedPanel locale={locale} />;
  if (state.kind === "bot_missing") return <BotMissingPanel locale={locale} guild={state.guild} cdnBase={getEnv().DISCORD_CDN_URL} />;
  // Access changed between middleware and this render (the bot just joined): offer the way in.
  const t = await getTranslations({ locale, namespace: "guild" });
  return (
    <div className="container">
      <p>
        <Link href={`/${locale}/dashboard/${guildId}`}>{t("overviewTitle", { name: state.guild.name })}</Link>
      </p>
    </div>
  );
}
