import type { Standing } from "@/lib/levels/standings";
import styles from "./leaderboard.module.css";

export type RowText = { level: string; xp: string; progress: string };

/** One member's line: rank, avatar, name, XP bar and level. Shared by the server list and the pinned-row island. */
export function StandingRow({ standing, avatarUrl, text, numberFormat, pinned = false }: { standing: Standing; avatarUrl: string | null; text: RowText; numberFormat: Intl.NumberFormat; pinned?: boolean }) {
  const percent = standing.needed > 0 ? Math.round((standing.into / standing.needed) * 100) : 0;
  const fill = (template: string) => template.replace("{into}", numberFormat.format(standing.into)).replace("{needed}", numberFormat.format(standing.needed)).replace("{xp}", numberFormat.format(standing.xp)).replace("{next}", numberFormat.format(standing.level + 1));
  return (
    <div className={[styles.row, avatarUrl ? "" : styles.rowNoAvatar, pinned ? styles.pinned : ""].join(" ")} data-testid="leaderboard-row">
      <span className={styles.rank}>#{numberFormat.format(standing.rank)}</span>
      {avatarUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- CDN images are already sized; the optimizer would refetch them.
        <img className={styles.avatar} src={avatarUrl} alt="" width={40} height={40} loading="lazy" />
      ) : null}
      <div className={styles.who}>
        <bdi className={styles.name} title={standing.username}>
          {standing.displayName}
        </bdi>
        <div className={styles.bar} role="progressbar" aria-label={fill(text.progress)} aria-valuemin={0} aria-valuemax={standing.needed} aria-valuenow={standing.into}>
          <div className={styles.fill} style={{ inlineSize: `${percent}%` }} />
        </div>
        <span className={styles.xp}>{fill(text.xp)}</span>
      </div>
      <span className={styles.level}>
        <span>{text.level}</span>
        <strong>{numberFormat.format(standing.level)}</strong>
      </span>
    </div>
  );
}
