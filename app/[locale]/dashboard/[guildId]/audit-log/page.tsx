import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { loadGuildShell } from "@/lib/guilds/guild-shell";
import { AUDIT_LOG_AREA } from "@/lib/guilds/page-cache-tag";
import { localeOr } from "@/lib/i18n/locales";
import { AuditLogView } from "./audit-log-view";

// The latest changes of the guild: nothing here is the viewer's, and every change is a write,
// which expires the guild's pages, so like the plugin pages it is drawn once per guild and
// language and served from the page cache after middleware's verdict. Its relative times ("3
// minutes ago") are at most this many seconds behind. Filters and older pages (a query string)
// are drawn per request: middleware sends them to filtered/.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ locale: string; guildId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const t = await getTranslations({ locale: localeOr(raw), namespace: "auditLog" });
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function AuditLogPage({ params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const shell = await loadGuildShell(guildId, AUDIT_LOG_AREA);
  return <AuditLogView locale={locale} guildId={guildId} shell={shell} filters={{}} />;
}
