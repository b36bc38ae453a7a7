import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { auditLogQuery, hasFilters, type AuditFilters } from "@/lib/audit-log/filters";
import { auditLogZone, listAuditEvents, listAuditPeople } from "@/lib/audit-log/list-events";
import { getEnv } from "@/lib/env";
import type { GuildShell } from "@/lib/guilds/guild-shell";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
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

// The audit log as both its pages draw it: the latest changes (page.tsx, cached like the plugin
// pages: every change is a write, which expires it) and a filtered or older page of them
// (filtered/page.tsx, drawn per request).

const PAGE_SIZE = 25;

type Props = { locale: Locale; guildId: string; shell: GuildShell; filters: AuditFilters; before?: string };

export async function AuditLogView({ locale, guildId, shell: state, filters, before }: Props) {
  const base = `/${locale}/dashboard/${guildId}/audit-log`;
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
