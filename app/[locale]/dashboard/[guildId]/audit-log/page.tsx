import { notFound, redirect } from "next/navigation";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { auditLogQuery, hasFilters, readAuditLogQuery } from "@/lib/audit-log/filters";
import { auditLogZone, listAuditEvents, listAuditPeople } from "@/lib/audit-log/list-events";
import { getEnv } from "@/lib/env";
import { loadGuildPage } from "@/lib/guilds/guild-page";
import { LANGUAGES, localeOr } from "@/lib/i18n/locales";
import { PLUGINS } from "@/lib/plugins/index";
import { GuildFrame } from "../guild-frame";
import { getPluginText } from "../plugin-text";
import { AuditEvent } from "./audit-event";
import { AuditFilterForm } from "./audit-filters";
import { describeEvent, displayName } from "./describe";
import { eventDescriber } from "./event-context";
import { relativeTime } from "./relative-time";
import { sentenceParts } from "./sentence";
import styles from "./audit.module.css";

// Reads the session (the guild layout above does not, so say it here).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string; guildId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 25;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const t = await getTranslations({ locale: localeOr(raw), namespace: "auditLog" });
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function AuditLogPage({ params, searchParams }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const state = await loadGuildPage(guildId);
  if (state.kind !== "ok") notFound();
  const base = `/${locale}/dashboard/${guildId}/audit-log`;
  const { filters, before, cleaned } = readAuditLogQuery(await searchParams);
  // A bad value, or the empty fields of a submitted form, leave the address: it says what the page shows.
  if (cleaned !== null) redirect(`${base}${cleaned}`);

  const [page, people, zone, t, pluginText] = await Promise.all([
    listAuditEvents(guildId, { limit: PAGE_SIZE, before, ...filters }),
    listAuditPeople(guildId),
    auditLogZone(guildId),
    getTranslations({ locale, namespace: "auditLog" }),
    getPluginText(locale),
  ]);
  const describer = await eventDescriber({ locale, guildId, events: page.events, pluginText });
  const tag = LANGUAGES[locale].tag;
  // In the zone the day filters count in, so an event shows on the day it is filed under.
  const absolute = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  const collator = new Intl.Collator(tag);
  const plugins = PLUGINS.map((plugin) => ({ id: plugin.id, name: pluginText.name(plugin.id) })).sort((a, b) => collator.compare(a.name, b.name));
  const now = new Date();
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const sentence = (key: string, values: Record<string, string | number>) => t(`sentences.${key}`, values);

  return (
    <GuildFrame locale={locale} shell={state}>
      <header className={styles.header}>
        <h1>{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      <AuditFilterForm
        action={base}
        filters={filters}
        plugins={plugins}
        people={people.map((person) => ({ id: person.id, name: displayName(person) }))}
        zone={zone}
        text={{
          label: t("filters.label"),
          plugin: t("filters.plugin"),
          allPlugins: t("filters.allPlugins"),
          user: t("filters.user"),
          anyone: t("filters.anyone"),
          from: t("filters.from"),
          to: t("filters.to"),
          zone: t("filters.zone"),
          apply: t("filters.apply"),
          clear: t("filters.clear"),
        }}
      />
      {page.events.length === 0 ? (
        <p className={styles.empty} data-testid="audit-empty">
          {before ? t("noOlder") : hasFilters(filters) ? t("filters.noMatch") : t("emptyLog")}
        </p>
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
          <Link className="button button-ghost button-small" href={`${base}${auditLogQuery(filters)}`}>
            {t("newest")}
          </Link>
        ) : null}
        {page.nextBefore ? (
          <Link className="button button-secondary button-small" href={`${base}${auditLogQuery(filters, page.nextBefore)}`} data-testid="audit-load-more">
            {t("loadMore")}
          </Link>
        ) : null}
      </nav>
    </GuildFrame>
  );
}
