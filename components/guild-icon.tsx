import { guildIconUrl, guildInitials } from "@/lib/platform/cdn";
import styles from "./guild-icon.module.css";

/** The guild's icon from the CDN, or its initials on a tinted tile. Decorative: the name is always shown next to it. */
export function GuildIcon({ cdnBase, guild, size = 56 }: { cdnBase: string; guild: { id: string; name: string; icon: string | null }; size?: number }) {
  const url = guildIconUrl(cdnBase, guild, 128);
  const initials = guildInitials(guild.name);
  // Longer initials get a smaller font so they always fit the tile, as in the platform's own client.
  const style = { width: size, height: size, fontSize: Math.round(size / (2 + Math.max(0, initials.length - 1) * 0.6)) };
  if (url) {
    // eslint-disable-next-line @next/next/no-img-element -- CDN images are already sized; the optimizer would refetch them.
    return <img className={styles.icon} src={url} alt="" width={size} height={size} loading="lazy" style={style} />;
  }
  return (
    <span className={styles.initials} style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
