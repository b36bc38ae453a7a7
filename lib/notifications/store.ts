import "server-only";
import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import type { NewNotification } from "./kinds";

// The notification rows: written by the events' sources (./notify.ts), read and marked by their
// recipient only: every query here is scoped to one user id.

export type NotificationRow = typeof notifications.$inferSelect;

/** Notices of the same event are not repeated while the recipient has not read the first one. */
const REPEAT_AFTER = sql`interval '1 hour'`;

/**
 * Adds the notifications, except where the recipient has an unread one of the same kind, guild
 * and params from the last hour (a teammate saving five times, a bot blocked twice); returns the
 * users who got one.
 */
export async function addNotifications(db: Db | Tx, rows: readonly NewNotification[]): Promise<string[]> {
  const added: string[] = [];
  for (const row of rows) {
    const params = JSON.stringify(row.params);
    const inserted = (await db.execute(sql`
      insert into notifications (user_id, kind, guild_id, params)
      select ${row.userId}, ${row.kind}, ${row.guildId}, ${params}::jsonb
      where not exists (
        select 1 from notifications
        where user_id = ${row.userId} and kind = ${row.kind} and guild_id = ${row.guildId} and params = ${params}::jsonb
          and read_at is null and created_at > now() - ${REPEAT_AFTER}
      )
      returning user_id`)) as unknown as { rows: unknown[] };
    if (inserted.rows.length > 0) added.push(row.userId);
  }
  return [...new Set(added)];
}

/** One page, newest first; `before`: the last id of the previous page. */
export async function listNotifications(db: Db, userId: string, page: { before?: number; limit: number; kinds?: readonly string[] }): Promise<{ rows: NotificationRow[]; nextBefore: number | null }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), page.before ? lt(notifications.id, page.before) : undefined, page.kinds ? inArray(notifications.kind, [...page.kinds]) : undefined))
    .orderBy(desc(notifications.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return { rows: shown, nextBefore: more ? shown.at(-1)!.id : null };
}

/** The user's notifications newer than `after` (what a live stream has not sent yet), oldest first. */
export async function notificationsAfter(db: Db, userId: string, after: number, limit: number): Promise<NotificationRow[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.id} > ${after}`))
    .orderBy(desc(notifications.id))
    .limit(limit);
  return rows.reverse();
}

export async function latestNotificationId(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(1);
  return row?.id ?? 0;
}

/** Marks one of the user's notifications read (and seen); null when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: string, id: number): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, seenAt: sql`coalesce(${notifications.seenAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

/** Everything read (and so seen): "mark all read". */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()`, seenAt: sql`coalesce(${notifications.seenAt}, now())` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Everything seen: the list was opened (the bell's count goes; unread ones stay unread). */
export async function markAllSeen(db: Db, userId: string): Promise<number> {
  const rows = await db.update(notifications).set({ seenAt: sql`now()` }).where(and(eq(notifications.userId, userId), isNull(notifications.seenAt))).returning({ id: notifications.id });
  return rows.length;
}

export type NotificationCounts = { unread: number; unseen: number };

export async function notificationCounts(db: Db, userId: string): Promise<NotificationCounts> {
  const [row] = await db
    .select({ unread: count(sql`case when ${notifications.readAt} is null then 1 end`), unseen: count(sql`case when ${notifications.seenAt} is null then 1 end`) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: row?.unread ?? 0, unseen: row?.unseen ?? 0 };
}
