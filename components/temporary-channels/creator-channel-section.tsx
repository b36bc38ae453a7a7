import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import styles from "@/components/plugin-tools.module.css";
import { CreatorChannelButton, type CreatorChannelText } from "./creator-channel-button";

type Props = { guildId: string; locale: Locale; disabled: boolean };

const KEYS = ["name", "nameHint", "create", "creating", "created", "failed"] as const satisfies ReadonlyArray<keyof CreatorChannelText>;

/** The temporary channels page's "Create a creator channel": for a server with no voice channel to offer yet. */
export async function CreatorChannelSection({ guildId, locale, disabled }: Props) {
  const t = await getTranslations({ locale, namespace: "temporaryChannels" });
  // Raw: the island fills {name} itself.
  const text = Object.fromEntries(KEYS.map((key) => [key, t.raw(key) as string])) as CreatorChannelText;
  return (
    <section className={styles.card} aria-labelledby="creator-channel-heading" data-testid="creator-channel">
      <div className={styles.header}>
        <h2 id="creator-channel-heading">{t("title")}</h2>
        <p>{t("description")}</p>
      </div>
      <CreatorChannelButton guildId={guildId} disabled={disabled} text={text} />
    </section>
  );
}
