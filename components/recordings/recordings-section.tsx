import "server-only";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import { getGuildSettings } from "@/lib/guilds/settings-queries";
import type { PickerChannel } from "@/lib/guilds/pickers";
import type { Locale } from "@/lib/i18n/locales";
import { listRecordings, recordingListQuery } from "@/lib/plugins/record/recordings";
import { RECORDING_LIST_KEYS, type RecordingListText } from "./recording-list-text";
import { RecordingList } from "./recording-list";

/** The Record page's recordings: drawn here with the first page; more pages, downloads and deletes in the island. Not on a free server (Premium). */
export async function RecordingsSection({ guildId, locale, channels }: { guildId: string; locale: Locale; channels: PickerChannel[] }) {
  const db = await getDb();
  const [first, settings, t] = await Promise.all([listRecordings(db, guildId, recordingListQuery.parse({})), getGuildSettings(guildId), getTranslations({ locale, namespace: "recordingList" })]);
  const text = Object.fromEntries(RECORDING_LIST_KEYS.map((key) => [key, t.raw(key) as string])) as RecordingListText;
  const channelNames = Object.fromEntries(channels.map((channel) => [channel.id, channel.name]));
  return <RecordingList guildId={guildId} locale={locale} timeZone={settings.timezone ?? "UTC"} initial={first} channels={channelNames} text={text} />;
}
