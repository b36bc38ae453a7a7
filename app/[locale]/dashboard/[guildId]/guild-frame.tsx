import { getTranslations } from "next-intl/server";
import { PageFlags } from "@/components/flags/page-flags";
import { RankCardDialog } from "@/components/rank-card/rank-card-dialog";
import { rankCardDialogText } from "@/components/rank-card/rank-card-text";
import { getEnv } from "@/lib/env";
import type { GuildShell } from "@/lib/guilds/guild-shell";
import type { Locale } from "@/lib/i18n/locales";
import { GuildNav } from "./guild-nav";
import { getPluginText } from "./plugin-text";
import styles from "./shell.module.css";

type Props = { locale: Locale; shell: GuildShell; children: React.ReactNode };

/**
 * The guild's menu and content column. Drawn by each page, not by the layout: a page
 * draws it only once it holds the permission verdict for this request (or, for the
 * cached overview, is served only after middleware's verdict), so no route can show a
 * guild's name, icon or plugins without one. Its islands read feature flags (PageFlags).
 */
export async function GuildFrame({ locale, shell, children }: Props) {
  const [t, tc, pluginText, tr] = await Promise.all([
    getTranslations({ locale, namespace: "guild" }),
    getTranslations({ locale, namespace: "common" }),
    getPluginText(locale),
    getTranslations({ locale, namespace: "rankCard" }),
  ]);
  return (
    <PageFlags guildId={shell.guild.id}>
      <div className={`container ${styles.shell}`}>
        {/* The menu holds ~40 links: keyboard users can jump past it. */}
        <a className="skip-link" href="#guild-content">
          {t("skipToPage")}
        </a>
        <GuildNav
          locale={locale}
          guild={shell.guild}
          cdnBase={getEnv().DISCORD_CDN_URL}
          premium={shell.premium}
          pluginText={pluginText}
          text={{
            label: t("nav.label"),
            menu: t("nav.menu"),
            overview: t("nav.overview"),
            auditLog: t("nav.auditLog"),
            copySettings: t("nav.copySettings"),
            enabled: t("nav.enabled"),
            premium: tc("premium"),
            allServers: t("backToServers"),
          }}
        />
        <div className={styles.content} id="guild-content" tabIndex={-1}>
          {shell.stale ? (
            <p className="notice notice-warning" role="status" data-testid="stale-notice">
              {t("staleNotice")}
            </p>
          ) : null}
          {children}
        </div>
        <RankCardDialog guildId={shell.guild.id} locale={locale} text={rankCardDialogText(tr, tc)} />
      </div>
    </PageFlags>
  );
}
