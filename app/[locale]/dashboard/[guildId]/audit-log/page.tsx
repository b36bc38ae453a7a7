import { notFound } from "next/navigation";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { listAuditEvents } from "@/lib/audit-log/list-events";
import { getEnv } from "@/lib/env";
import { loadGuildPage } from "@/lib/guilds/guild-page";
import { DEFAULT_LOCALE, isLocale, LANGUAGES } from "@/lib/i18n/locales";
import { GuildFrame } from "../guild-frame";
import { getPluginText } from "../plugin-text";
import { AuditEvent } from "./audit-event";
import { describeEvent, displayName } from "./describe";
import { eventDescriber } from "./event-context";
import { relativeTime } from "./relative-time";
import { sentenceParts } from "./sentence";
import styles from "./audit.module.css";

// Reads the session (the guild layout above does not, so say it here).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string; guildId: string }>; searchParams: Promise<{ before?: string | string[] }> };

const PAGE_SIZE = 25;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const t = await getTranslations({ locale: isLocale(raw) ? raw : DEFAULT_LOCALE, namespace: "auditLog" });
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function AuditLogPage({ params, searchParams }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  const state = await loadGuildPage(guildId);
  if (state.kind !== "ok") notFound();
  const beforeParam = (await searchParams).before;
  const before = typeof beforeParam === "string" && /^\d{1,15}$/.test(beforeParam) ? beforeParam : undefined;

  const [page, t, pluginText] = await Promise.all([listAuditEvents(guildId, { limit: PAGE_SIZE, before }), getTranslations({ locale, namespace: "auditLog" }), getPluginText(locale)]);
  const describer = await eventDescriber({ locale, guildId, events: page.events, pluginText });
  const tag = LANGUAGES[locale].tag;
  const absolute = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" });
  const now = new Date();
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const sentence = (key: string, values: Record<string, string | number>) => t(`sentences.${key}`, values);

  return (
    <GuildFrame locale={locale} shell={state}>
      <header className={styles.header}>
        <h1>{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      {page.events.length === 0 ? (
        <p className={styles.empty}>{before ? t("noOlder") : t("emptyLog")}</p>
      ) : (
        <ul className={styles.list}>
          {page.events.map((event) => {
            const description = describeEvent(event, describer);
            const at = new Date(event.at);
            return (
              <AuditEvent
                key={event.id}
                event={event}
                guildId={guildId}
                cdnBase={cdnBase}
                sentence={sentenceParts(sentence, description.sentence)}
                rows={description.rows}
                {...(description.link && { link: description.link })}
                text={{
                  relative: relativeTime(at, now, tag),
                  absolute: absolute.format(at),
                  noDetails: t("noDetails"),
                  openMessage: t("openMessage"),
                  fullText: t("fullText"),
                  revert: { revert: t("revert"), reverting: t("reverting"), confirm: t("revertConfirm"), label: t("revertLabel", { name: displayName(event.user), target: description.target }) },
                }}
              />
            );
          })}
        </ul>
      )}
      <nav className={styles.pager} aria-label={t("pages")}>
        {before ? (
          <Link className="button button-ghost button-small" href={`/${locale}/dashboard/${guildId}/audit-log`}>
            {t("newest")}
          </Link>
        ) : null}
        {page.nextBefore ? (
          <Link className="button button-secondary button-small" href={`/${locale}/dashboard/${guildId}/audit-log?before=${page.nextBefore}`} data-testid="audit-load-more">
            {t("loadMore")}
          </Link>
        ) : null}
      </nav>
    </GuildFrame>
  );
}
