import { GuildIcon } from "@/components/guild-icon";
import type { GuildSummary } from "@/lib/guilds/user-guilds";
import styles from "./dashboard.module.css";

/** One server in "my servers": icon, name, the user's standing and an action (configure or add the bot). */
export function GuildCard({ guild, cdnBase, role, muted, action }: { guild: GuildSummary; cdnBase: string; role: string; muted?: boolean; action: React.ReactNode }) {
  return (
    <li className={muted ? `${styles.card} ${styles.cardMuted}` : styles.card} data-guild-id={guild.id}>
      <GuildIcon cdnBase={cdnBase} guild={guild} />
      <div className={styles.meta}>
        <h3 className={styles.name}>{guild.name}</h3>
        <span className="badge">{role}</span>
      </div>
      {action}
    </li>
  );
}
