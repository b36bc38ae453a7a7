import { notFound } from "next/navigation";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { listAuditEvents, type AuditEventView } from "@/lib/audit-log/list-events";
import { parseTarget } from "@/lib/audit-log/target";
import { getEnv } from "@/lib/env";
import { loadGuildPage } from "@/lib/guilds/guild-page";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { DEFAULT_LOCALE, isLocale, LANGUAGES } from "@/lib/i18n/locales";
import { configFormSpec, itemFormSpec } from "@/lib/plugins/form-spec";
import { getPlugin } from "@/lib/plugins/index";
import { channelSlug } from "@/components/settings-form/values";
import { GuildFrame } from "../guild-frame";
import { getPluginText, humanize, type PluginText } from "../plugin-text";
import { AuditEvent } from "./audit-event";
import { genericDiff, itemDiff, pluginDiff, relativeTime, type Describer, type DiffRow } from "./describe";
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

/** Channel and role names for ids in diffs; the log still renders when the platform cannot answer. */
async function idNames(guildId: string): Promise<Map<string, string>> {
  const pickers = await getGuildPickers(guildId).catch(() => null);
  if (!pickers) return new Map();
  return new Map([
    ...pickers.channels.map((channel) => [channel.id, channel.type === 0 || channel.type === 5 ? channelSlug(channel.name) : channel.name] as const),
    ...pickers.roles.map((role) => [role.id, `@${role.name}`] as const),
  ]);
}

export default async function AuditLogPage({ params, searchParams }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  const state = await loadGuildPage(guildId);
  if (state.kind !== "ok") notFound();
  const beforeParam = (await searchParams).before;
  const before = typeof beforeParam === "string" && /^\d{1,15}$/.test(beforeParam) ? beforeParam : undefined;

  const [page, names, t, pluginText] = await Promise.all([
    listAuditEvents(guildId, { limit: PAGE_SIZE, before }),
    idNames(guildId),
    getTranslations({ locale, namespace: "auditLog" }),
    getPluginText(locale),
  ]);
  const tag = LANGUAGES[locale].tag;
  const absolute = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" });
  const now = new Date();
  const base: Omit<Describer, "label"> = { resolve: (id) => names.get(id), on: t("on"), off: t("off"), empty: t("empty") };
  const describe = describer(pluginText, base, t("enabled"), t("value"));

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
            const { rows, target, action } = describe(event);
            const at = new Date(event.at);
            return (
              <AuditEvent
                key={event.id}
                event={event}
                guildId={guildId}
                cdnBase={getEnv().DISCORD_CDN_URL}
                rows={rows}
                text={{
                  by: event.user.username,
                  action: t.has(`actions.${action}`) ? t(`actions.${action}`) : humanize(action),
                  target: target ?? t("serverSettings"),
                  relative: relativeTime(at, now, tag),
                  absolute: absolute.format(at),
                  noDetails: t("noDetails"),
                  added: t("added"),
                  removed: t("removed"),
                  revert: { revert: t("revert"), reverting: t("reverting"), confirm: t("revertConfirm"), label: t("revertLabel", { name: event.user.username, target: target ?? t("serverSettings") }) },
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

/** Reads an event's target (plugin, item or guild) and builds the rows of its diff with field labels. */
function describer(pluginText: PluginText, base: Omit<Describer, "label">, enabledLabel: string, valueLabel: string) {
  const labelCache = new Map<string, Record<string, string>>();
  function labels(pluginId: string, collection?: string): Record<string, string> {
    const key = `${pluginId}/${collection ?? ""}`;
    const cached = labelCache.get(key);
    if (cached) return cached;
    const plugin = getPlugin(pluginId);
    const fields = plugin ? (collection ? itemFormSpec(plugin, collection) : configFormSpec(plugin)).fields : [];
    const texts = pluginText.fields(pluginId, fields, collection);
    const built = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, text.label]));
    labelCache.set(key, built);
    return built;
  }
  const withLabels = (names: Record<string, string>): Describer => ({ ...base, label: (key) => names[key] ?? (key ? humanize(key) : valueLabel) });

  return (event: AuditEventView): { rows: DiffRow[]; target: string | null; action: string } => {
    const target = parseTarget(event.target);
    const plugin = target && target.kind !== "guild" ? getPlugin(target.pluginId) : undefined;
    let action = event.action;
    if (!target || target.kind === "guild" || !plugin) return { rows: genericDiff(event.before, event.after, withLabels({})), target: null, action };
    const name = pluginText.name(plugin.id);
    if (target.kind === "plugin") {
      const rows = pluginDiff(event.before, event.after, { ...withLabels(labels(plugin.id)), enabledLabel });
      // A change of the switch alone reads "turned on/off".
      if (action === "plugin.update" && rows.length === 1 && rows[0]?.label === enabledLabel && rows[0].kind === "changed") action = rows[0].after === base.on ? "plugin.enable" : "plugin.disable";
      return { rows, target: name, action };
    }
    const d = withLabels(labels(plugin.id, target.collection));
    const data = (event.after ?? event.before) as Record<string, unknown> | null;
    const titleField = plugin.collections[target.collection]?.titleField;
    const rawTitle = titleField && data ? data[titleField] : undefined;
    const title = typeof rawTitle === "string" && rawTitle ? (base.resolve(rawTitle) ?? rawTitle) : (pluginText.collection(plugin.id, target.collection, "title") ?? humanize(target.collection));
    return { rows: itemDiff(event.before, event.after, title, d, titleField), target: pluginText.collectionLabel(plugin.id, target.collection), action };
  };
}
