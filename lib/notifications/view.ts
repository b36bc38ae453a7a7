import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { getGuildWithMeta } from "@/lib/platform/bot-api";
import { notificationPath, notificationSentence } from "./sentence";
import type { NotificationRow } from "./store";

/** A notification as the API and the live stream send it: the row, its sentence and where it leads. */
export type NotificationView = {
  id: number;
  kind: string;
  guild_id: string | null;
  params: Record<string, string>;
  text: string;
  /** Under the page's language prefix: `/{locale}{path}`. */
  path: string;
  created_at: string;
  read_at: string | null;
  seen_at: string | null;
};

export async function notificationViews(rows: readonly NotificationRow[], locale: Locale): Promise<NotificationView[]> {
  const names = await guildNames(rows.map((row) => row.guildId).filter((id): id is string => id !== null));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      kind: row.kind,
      guild_id: row.guildId,
      params: row.params as Record<string, string>,
      text: await notificationSentence(row, locale, row.guildId ? (names.get(row.guildId) ?? null) : null),
      path: notificationPath(row),
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
      seen_at: row.seenAt?.toISOString() ?? null,
    })),
  );
}

/** The guilds' names as the bot sees them now (cached reads); a guild it cannot read has none. */
async function guildNames(guildIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(guildIds)];
  const named = await Promise.all(unique.map((id) => getGuildWithMeta(id).then((guild) => [id, guild.value.name] as const, () => null)));
  return new Map(named.filter((entry) => entry !== null));
}
