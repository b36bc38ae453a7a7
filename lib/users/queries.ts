import "server-only";
import { randomUUID } from "node:crypto";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

export type UserRow = typeof users.$inferSelect;

export type PlatformUserFields = {
  id: string;
  username: string;
  global_name?: string | null;
  discriminator: string;
  avatar: string | null;
  email?: string | null;
  locale?: string;
  flags?: number;
};

/** Records a sign-in; says whether this is the user's first. */
export async function recordLogin(db: Db, user: PlatformUserFields, now = new Date()): Promise<{ row: UserRow; firstLogin: boolean }> {
  const values = {
    username: user.username,
    globalName: user.global_name ?? null,
    discriminator: user.discriminator,
    avatar: user.avatar,
    email: user.email ?? null,
    locale: user.locale ?? null,
    flags: user.flags ?? 0,
    lastLoginAt: now,
  };
  const [row] = await db
    .insert(users)
    .values({ id: user.id, analyticsId: randomUUID(), firstLoginAt: now, ...values })
    .onConflictDoUpdate({ target: users.id, set: values })
    // xmax is 0 only for a freshly inserted tuple: tells insert from update in one statement.
    .returning({ ...getTableColumns(users), inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("recordLogin returned no row");
  const { inserted, ...rest } = row;
  return { row: rest, firstLogin: inserted };
}

export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
