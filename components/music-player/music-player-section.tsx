import "server-only";
import { getTranslations } from "next-intl/server";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { CHANNEL_TYPES_BY_UI } from "@/lib/plugins/channel-uis";
import type { Locale } from "@/lib/i18n/locales";
import { MUSIC_ERROR_CODES, type MusicPlayerText } from "./text";
import styles from "./music-player.module.css";
import { MusicPlayer } from "./music-player";

const FEEDBACK = ["added", "addedNext", "playing", "started", "moved", "removed", "joined", "left", "paused", "resumed", "next", "previous"] as const;
const PLAIN = [
  "connecting", "live", "reconnecting", "searchLabel", "searchPlaceholder", "searchHint", "search", "searching", "noResults", "playShort", "nextShort", "addShort", "working",
  "nowPlaying", "nothingPlaying", "play", "pause", "next", "previous", "voiceLabel", "voicePlaceholder", "join", "leave", "notInChannel", "noVoiceChannels",
  "queueTitle", "queueEmpty", "queueHint", "current", "unknownLength",
] as const;
/** Templates the island fills itself ({title}, {count}…). */
const TEMPLATES = ["results", "playNow", "addToQueue", "playNext", "progress", "progressUnknown", "inChannel", "moveUp", "moveDown", "playTrack", "remove", "confirmRemove", "dragHandle", "position"] as const;

/**
 * The music plugin's player. The page around it is cached per guild and language, so it holds
 * no player state: the island gets the state from the live stream as soon as it opens.
 */
export async function MusicPlayerSection({ guildId, locale, plugin }: { guildId: string; locale: Locale; plugin: { name: string; enabled: boolean } }) {
  const [t, actions, pickers] = await Promise.all([getTranslations({ locale, namespace: "musicPlayer" }), getTranslations({ locale, namespace: "collectionActions" }), getGuildPickers(guildId)]);
  const raw = (key: string) => t.raw(key) as string;
  const text = {
    ...Object.fromEntries(PLAIN.map((key) => [key, t(key)])),
    ...Object.fromEntries(TEMPLATES.map((key) => [key, raw(key)])),
    feedback: Object.fromEntries(FEEDBACK.map((key) => [key, raw(`feedback.${key}`)])),
    errors: Object.fromEntries(MUSIC_ERROR_CODES.map((key) => [key, t(`errors.${key}`)])),
    pluginOff: actions.raw("pluginOff") as string,
    turnOn: actions.raw("turnOn") as string,
    turnedOn: actions.raw("turnedOn") as string,
  } as MusicPlayerText;
  const voiceTypes = CHANNEL_TYPES_BY_UI.voice_channel;
  const voiceChannels = pickers.channels.filter((channel) => voiceTypes.includes(channel.type)).map(({ id, name }) => ({ id, name }));

  return (
    <section className={styles.card} aria-labelledby="music-player-heading" data-testid="music-player-section">
      <div className={styles.header}>
        <h2 id="music-player-heading">{t("title")}</h2>
        <p>{t("description")}</p>
      </div>
      <MusicPlayer guildId={guildId} voiceChannels={voiceChannels} text={text} plugin={plugin} />
    </section>
  );
}
