import Link from "next/link";
import { LinkPending } from "@/components/link-pending";
import { PluginIcon } from "@/components/plugin-icon";
import { PluginSwitch } from "@/components/plugin-switch";
import { PremiumCardNote } from "@/components/premium/premium-card-note";
import type { PluginDefinition } from "@/lib/plugins/types";
import styles from "./overview.module.css";

type Props = {
  plugin: PluginDefinition;
  href: string;
  guildId: string;
  enabled: boolean;
  premiumGuild: boolean;
  text: { name: string; description: string; premium: string; enable: string; on: string; off: string; openSettings: string };
};

/**
 * One plugin on the overview: the name links to its settings (the whole card is the target); the switch sits above that link.
 * The link does not prefetch in view (35 cards would mean 35 requests); hovering still prefetches.
 */
export function PluginCard({ plugin, href, guildId, enabled, premiumGuild, text }: Props) {
  return (
    <li className={`${styles.card} ${enabled ? styles.cardOn : ""}`} data-testid={`plugin-card-${plugin.id}`}>
      <div className={styles.cardTop}>
        <span className={styles.cardIcon}>
          <PluginIcon name={plugin.icon} size={22} />
        </span>
        <h3 className={styles.cardName}>
          <Link href={href} className={styles.cardLink} prefetch={false}>
            {text.name}
            <LinkPending />
          </Link>
        </h3>
        {plugin.premium ? <span className="badge badge-premium">{text.premium}</span> : null}
      </div>
      {text.description ? <p className={styles.cardDescription}>{text.description}</p> : null}
      {/* A plugin with its own switch says on its page what it needs (the custom bot: the add-on, or Pro). */}
      {plugin.premium && !premiumGuild && !plugin.ownSwitch ? <PremiumCardNote guildId={guildId} name={text.name} /> : null}
      <div className={styles.cardFooter}>
        {plugin.ownSwitch ? (
          // Turned on by its own page (the custom bot, with its token): its state, no switch.
          <span className={enabled ? styles.stateOn : styles.stateOff}>{enabled ? text.on : text.off}</span>
        ) : (
          <PluginSwitch guildId={guildId} pluginId={plugin.id} enabled={enabled} label={text.enable} stateText={{ on: text.on, off: text.off }} lockedOn={plugin.premium && !premiumGuild} settings={{ href, text: text.openSettings }} />
        )}
        <svg className={styles.cardArrow} width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M5 12h14M13 6l6 6-6 6" />
        </svg>
      </div>
    </li>
  );
}
