import "server-only";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { rankedMembers } from "@/lib/levels/standings";
import type { LevelsAdminText } from "./levels-admin";
import styles from "./levels-admin.module.css";
import { LevelsAdmin } from "./levels-admin";

type Props = { guildId: string; guildName: string; locale: Locale; config: Record<string, unknown>; enabled: boolean; disabled: boolean };

/** The Levels page's own sections: the link to the public leaderboard and the danger zone. */
export async function LevelsSection({ guildId, guildName, locale, config, enabled, disabled }: Props) {
  const [t, membersWithXp] = await Promise.all([getTranslations({ locale, namespace: "levelsAdmin" }), getDb().then((db) => rankedMembers(db, guildId))]);
  const raw = (key: keyof LevelsAdminText) => t.raw(key) as string;
  const keys: Array<keyof LevelsAdminText> = ["dangerTitle", "dangerIntro", "resetAllTitle", "resetAllHelp", "typeToConfirm", "resetAllButton", "resetting", "resetAllDone", "resetOneTitle", "searchLabel", "searching", "noMembers", "confirmOne", "confirm", "cancel", "resetOneDone", "resetOneNothing", "failed"];
  const text = Object.fromEntries(keys.map((key) => [key, raw(key)])) as LevelsAdminText;
  const open = enabled && config.leaderboard_public === true;
  return (
    <>
      <section className={styles.card} aria-labelledby="levels-leaderboard-title">
        <h2 id="levels-leaderboard-title">{t("leaderboardTitle")}</h2>
        <p>{open ? t("leaderboardOpen") : t("leaderboardClosed")}</p>
        {open ? (
          <p>
            <Link className="button button-secondary button-small" href={`/${locale}/leaderboard/${guildId}`} data-testid="view-leaderboard">
              {t("viewLeaderboard")}
            </Link>
          </p>
        ) : null}
      </section>
      <LevelsAdmin guildId={guildId} guildName={guildName} membersWithXp={membersWithXp} disabled={disabled} text={text} />
    </>
  );
}
