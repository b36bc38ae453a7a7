import { notFound, redirect } from "next/navigation";
import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { readAuditLogQuery } from "@/lib/audit-log/filters";
import { loadGuildPage } from "@/lib/guilds/guild-page";
import { AUDIT_LOG_AREA } from "@/lib/guilds/page-cache-tag";
import { localeOr } from "@/lib/i18n/locales";
import { AuditLogView } from "../audit-log-view";
import { generateMetadata as auditLogMetadata } from "../page";

// The audit log filtered, or an older page of it: `/{locale}/dashboard/{id}/audit-log?…`, which
// middleware rewrites here (this address itself is not one: middleware answers it 404). Drawn
// per request, after middleware's verdict, whose proof it checks (lib/guilds/guild-page.ts).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string; guildId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return auditLogMetadata({ params });
}

export default async function FilteredAuditLogPage({ params, searchParams }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const state = await loadGuildPage(guildId, AUDIT_LOG_AREA);
  if (state.kind !== "ok") notFound();
  const { filters, before, cleaned } = readAuditLogQuery(await searchParams);
  // A bad value, or the empty fields of a submitted form, leave the address: it says what the page shows.
  if (cleaned !== null) redirect(`/${locale}/dashboard/${guildId}/audit-log${cleaned}`);
  return <AuditLogView locale={locale} guildId={guildId} shell={state} filters={filters} before={before} />;
}
