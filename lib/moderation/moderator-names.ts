import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { CaseView } from "./cases";

// A case keeps a dashboard moderator's id only (their name may change); the lists name them as
// they last signed in, so "Ada" reads where the case holds 123…. Acts seen in the platform's
// audit log keep the name it gave; the bot needs none.

export async function withModeratorNames(db: Db, cases: readonly CaseView[]): Promise<CaseView[]> {
  const ids = [...new Set(cases.flatMap((item) => (item.moderator.kind === "dashboard" && item.moderator.id && !item.moderator.name ? [item.moderator.id] : [])))];
  if (ids.length === 0) return [...cases];
  const rows = await db.select({ id: users.id, username: users.username, globalName: users.globalName }).from(users).where(inArray(users.id, ids));
  const names = new Map(rows.map((row) => [row.id, row.globalName || row.username]));
  return cases.map((item) => {
    const name = item.moderator.kind === "dashboard" && item.moderator.id ? names.get(item.moderator.id) : undefined;
    return name && !item.moderator.name ? { ...item, moderator: { ...item.moderator, name } } : item;
  });
}
