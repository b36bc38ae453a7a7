import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { fillNodes } from "@/components/pickers/fill-nodes";
import { loadGuildShell } from "@/lib/guilds/guild-shell";
import { localeOr } from "@/lib/i18n/locales";
import { PLUGINS } from "@/lib/plugins/index";
import { GuildFrame } from "../guild-frame";
import { getPluginText, humanize } from "../plugin-text";
import { ImportSettings } from "./import-settings";
import styles from "./copy.module.css";

// Nothing here is the viewer's: like the plugin pages, drawn once per guild and language and
// served from the page cache after middleware's verdict (plugin-page.tsx says more).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ locale: string; guildId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const t = await getTranslations({ locale: localeOr(raw), namespace: "copySettings" });
  return { title: t("metaTitle"), robots: { index: false } };
}

/** Export this guild's settings as a file, or import a file exported from another guild into this one. */
export default async function CopySettingsPage({ params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const state = await loadGuildShell(guildId, "copy-settings");
  const [t, pluginText] = await Promise.all([getTranslations({ locale, namespace: "copySettings" }), getPluginText(locale)]);
  const pluginNames = Object.fromEntries(PLUGINS.map((plugin) => [plugin.id, pluginText.name(plugin.id)]));
  const collectionTitles = Object.fromEntries(
    PLUGINS.flatMap((plugin) =>
      Object.keys(plugin.collections).map((collection) => [`${plugin.id}/${collection}`, pluginText.collection(plugin.id, collection, "title") ?? humanize(collection)]),
    ),
  );

  return (
    <GuildFrame locale={locale} shell={state}>
      <header className={styles.header}>
        <h1>{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="export-heading">
          <h2 id="export-heading">{t("exportTitle")}</h2>
          <p className={styles.help}>{fillNodes(t.raw("exportBody") as string, { name: state.guild.name })}</p>
          <a className="button button-secondary" href={`/api/guilds/${guildId}/settings-export`} download data-testid="export-link">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
            </svg>
            {t("exportButton")}
          </a>
        </section>
        <section className={styles.card} aria-labelledby="import-heading">
          <h2 id="import-heading">{t("importTitle")}</h2>
          <p className={styles.help}>{fillNodes(t.raw("importBody") as string, { name: state.guild.name })}</p>
          <ImportSettings
            guildId={guildId}
            guildName={state.guild.name}
            locale={locale}
            pluginNames={pluginNames}
            collectionTitles={collectionTitles}
            text={{
              fileLabel: t("fileLabel"),
              fileHelp: t("fileHelp"),
              unreadable: t("unreadable"),
              checking: t("checking"),
              planTitle: t("planTitle"),
              planServer: t("planServer"),
              planNothing: t("planNothing"),
              turnedOn: t("turnedOn"),
              turnedOff: t("turnedOff"),
              // Counts are known only once a file is read, in the browser: the messages go as written.
              settingsCount: t.raw("settingsCount") as string,
              itemsAdded: t.raw("itemsAdded") as string,
              itemsChanged: t.raw("itemsChanged") as string,
              itemsRemoved: t.raw("itemsRemoved") as string,
              skippedTitle: t("skippedTitle"),
              unmatchedTitle: t("unmatchedTitle"),
              unmatchedBody: t("unmatchedBody"),
              unmatchedChannels: t("unmatchedChannels"),
              unmatchedRoles: t("unmatchedRoles"),
              allMatched: t("allMatched"),
              replaceWarning: t.raw("replaceWarning") as string,
              apply: t("apply"),
              applying: t("applying"),
              applied: t("applied"),
            }}
          />
        </section>
      </div>
    </GuildFrame>
  );
}
