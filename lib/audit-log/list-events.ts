import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { auditEvents, users } from "@/lib/db/schema";
import { parseTarget } from "./target";

export type AuditEventView = {
  id: string;
  /** `global_name` is the name the platform shows (null when the user has set none). */
  user: { id: string; username: string; global_name: string | null; avatar: string | null };
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
  revertible: boolean;
};

/** A guild's audit events, newest first, in pages ending before the id `before`. */
export async function listAuditEvents(guildId: string, page: { limit: number; before?: string }): Promise<{ events: AuditEventView[]; nextBefore: string | null }> {
  const db = await getDb();
  const beforeId = page.before && /^\d{1,15}$/.test(page.before) ? Number(page.before) : undefined;
  const rows = await db
    .select({ event: auditEvents, username: users.username, globalName: users.globalName, avatar: users.avatar })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(and(eq(auditEvents.guildId, guildId), beforeId ? lt(auditEvents.id, beforeId) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(page.limit + 1);
  const events = rows.slice(0, page.limit).map(({ event, username, globalName, avatar }) => ({
    id: String(event.id),
    user: { id: event.userId, username: username ?? event.userId, global_name: globalName ?? null, avatar: avatar ?? null },
    action: event.action,
    target: event.target,
    before: event.before,
    after: event.after,
    at: event.at.toISOString(),
    revertible: parseTarget(event.target) !== null,
  }));
  return { events, nextBefore: rows.length > page.limit ? (events.at(-1)?.id ?? null) : null };
}
