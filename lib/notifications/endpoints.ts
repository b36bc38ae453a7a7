import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { apiLocale } from "@/lib/http/api-locale";
import type { RouteContext } from "@/lib/http/route";
import { signalNotifications } from "@/lib/realtime/hub";
import type { Session } from "@/lib/session/session-cookie";
import { inputText } from "@/lib/validation/text";
import { listNotifications, markAllRead, markAllSeen, markRead, notificationCounts } from "./store";
import { notificationViews } from "./view";

// What the notification routes (app/api/notifications/…, app/api/plugin-alerts) do: always the
// signed-in user's own notifications, never anyone else's (a guild's events reached only its
// managers when they were written: ./notify.ts).

/** Keyset paging (spec 3 "notification listing: paging options"): ?limit, ?before=<last id of the previous page>. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: inputText().regex(/^\d{1,15}$/).transform(Number).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Social alerts paused, other posts failed, the custom bot blocked: what plugins need the reader to fix. */
export const PLUGIN_ALERT_KINDS = ["alert_paused", "delivery_failed", "custom_bot_blocked"] as const;

export const notificationIdParams = z.object({ notificationId: inputText().regex(/^\d{1,15}$/).transform(Number) });

type Ctx<P, Q> = RouteContext<P, Q, unknown, Session>;

export async function listPage({ req, session, query }: Ctx<unknown, PageQuery>, kinds?: readonly string[]) {
  const db = await getDb();
  const page = await listNotifications(db, session.userId, { ...query, kinds });
  return { notifications: await notificationViews(page.rows, apiLocale(req)), next_before: page.nextBefore, ...(await notificationCounts(db, session.userId)) };
}

export async function readOne({ req, session, params }: Ctx<{ notificationId: number }, unknown>) {
  const db = await getDb();
  const row = await markRead(db, session.userId, params.notificationId);
  // Someone else's notification answers as a missing one: ids tell nothing.
  if (!row) throw new ApiError(404, "notification_not_found", "This notification does not exist.");
  await signalNotifications([session.userId]);
  const [view] = await notificationViews([row], apiLocale(req));
  return { notification: view, ...(await notificationCounts(db, session.userId)) };
}

export async function readAll({ session }: Ctx<unknown, unknown>) {
  const db = await getDb();
  const changed = await markAllRead(db, session.userId);
  if (changed > 0) await signalNotifications([session.userId]);
  return { changed, ...(await notificationCounts(db, session.userId)) };
}

export async function seeAll({ session }: Ctx<unknown, unknown>) {
  const db = await getDb();
  const changed = await markAllSeen(db, session.userId);
  if (changed > 0) await signalNotifications([session.userId]);
  return { changed, ...(await notificationCounts(db, session.userId)) };
}

export async function counts({ session }: Ctx<unknown, unknown>) {
  return notificationCounts(await getDb(), session.userId);
}
