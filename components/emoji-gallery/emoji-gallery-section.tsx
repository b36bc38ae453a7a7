import "server-only";
import { getTranslations } from "next-intl/server";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { loadEmojiGallery, type EmojiGallery } from "@/lib/emojis/manage";
import { EMOJI_NAME_MAX } from "@/lib/emojis/rules";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/locales";
import { EmojiActions } from "./emoji-actions";
import { UploadForm } from "./upload-form";
import type { EmojiGalleryText } from "./text";
import styles from "./emoji-gallery.module.css";

// The emojis plugin's own section (spec 7: server-emojis): the server's emojis as the platform has
// them, the slots of each kind as "n of max", an upload form and, per emoji, rename and delete.
// Drawn on the server with the page (cached per server and language, expired by every write);
// only the forms are islands.

const TEXT_KEYS = ["title", "intro", "staticSlots", "animatedSlots", "empty", "unavailable", "animatedBadge", "unavailableBadge", "upload", "rename", "remove", "failed"] as const satisfies ReadonlyArray<keyof EmojiGalleryText>;

export async function EmojiGallerySection({ guildId, locale }: { guildId: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "emojiGallery" });
  const text = Object.fromEntries(TEXT_KEYS.map((key) => [key, t.raw(key)])) as EmojiGalleryText;
  let gallery: EmojiGallery | null = null;
  try {
    gallery = await loadEmojiGallery(guildId);
  } catch {
    gallery = null;
  }
  const slot = (template: string, use: { used: number; max: number }) => (
    <li className={`${styles.slot} ${use.used >= use.max ? styles.full : ""}`}>{fill(template, { used: use.used, max: use.max })}</li>
  );

  return (
    <section className={panelStyles.card} aria-labelledby="emoji-gallery-heading" data-testid="emoji-gallery">
      <div className={panelStyles.header}>
        <h2 id="emoji-gallery-heading">{text.title}</h2>
        <p>{text.intro}</p>
        {gallery ? (
          <ul className={styles.slots} data-testid="emoji-slots">
            {slot(text.staticSlots, gallery.slots.static)}
            {slot(text.animatedSlots, gallery.slots.animated)}
          </ul>
        ) : null}
      </div>
      {gallery === null ? (
        <p role="alert" className={panelStyles.failed}>
          {text.unavailable}
        </p>
      ) : (
        <>
          <UploadForm guildId={guildId} text={text} nameMax={EMOJI_NAME_MAX} />
          {gallery.emojis.length === 0 ? (
            <p className={panelStyles.muted}>{text.empty}</p>
          ) : (
            <ul className={styles.grid} aria-label={text.title}>
              {gallery.emojis.map((emoji) => (
                <li key={emoji.id} className={styles.tile} data-testid={`emoji-${emoji.name}`}>
                  <div className={styles.picture}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- the platform's CDN picture, at its own size */}
                    <img src={emoji.url} alt="" width={48} height={48} loading="lazy" />
                    <p className={styles.name}>:{emoji.name}:</p>
                  </div>
                  <div className={styles.badges}>
                    {emoji.animated ? <span className="badge">{text.animatedBadge}</span> : null}
                    {emoji.available ? null : <span className="badge">{text.unavailableBadge}</span>}
                  </div>
                  <EmojiActions guildId={guildId} emoji={{ id: emoji.id, name: emoji.name }} text={text} nameMax={EMOJI_NAME_MAX} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
