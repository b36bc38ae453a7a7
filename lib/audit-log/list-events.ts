import "server-only";
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { auditEvents, users } from "@/lib/db/schema";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { dayRange, type AuditFilters } from "./filters";
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

export type AuditPerson = { id: string; username: string; global_name: string | null };

/**
 * A guild's audit events, newest first, in pages ending before the id `before`, narrowed by the
 * filters (days are the guild's: its time zone, UTC when it has none).
 */
export async function listAuditEvents(guildId: string, page: { limit: number; before?: string } & AuditFilters): Promise<{ events: AuditEventView[]; nextBefore: string | null }> {
  const db = await getDb();
  const beforeId = page.before && /^\d{1,15}$/.test(page.before) ? Number(page.before) : undefined;
  const { start, end } = page.from || page.to ? dayRange(page, await auditLogZone(guildId)) : {};
  const rows = await db
    .select({ event: auditEvents, username: users.username, globalName: users.globalName, avatar: users.avatar })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.userId))
    .where(
      and(
        eq(auditEvents.guildId, guildId),
        beforeId ? lt(auditEvents.id, beforeId) : undefined,
        page.plugin ? eq(auditEvents.pluginId, page.plugin) : undefined,
        page.user ? eq(auditEvents.userId, page.user) : undefined,
        start ? gte(auditEvents.at, start) : undefined,
        end ? lt(auditEvents.at, end) : undefined,
      ),
    )
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

/** The zone the log's days are counted in: the guild's, UTC when it has none. */
export async function auditLogZone(guildId: string): Promise<string> {
  return (await readGuildSettings(await getDb(), guildId)).timezone ?? "UTC";
}

/** Everyone who changed something in the guild (the choices of the log's person filter), by name. */
export async function listAuditPeople(guildId: string): Promise<AuditPerson[]> {
  const db = await getDb();
  const authors = db.selectDistinct({ userId: auditEvents.userId }).from(auditEvents).where(eq(auditEvents.guildId, guildId)).as("authors");
  const rows = await db
    .select({ id: authors.userId, username: users.username, globalName: users.globalName })
    .from(authors)
    .leftJoin(users, eq(users.id, authors.userId))
    .orderBy(asc(sql`lower(coalesce(nullif(${users.globalName}, ''), ${users.username}, ${authors.userId}))`), asc(authors.userId));
  return rows.map((row) => ({ id: row.id, username: row.username ?? row.id, global_name: row.globalName ?? null }));
}
