import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Session } from "@/lib/session/session-cookie";
import { isStaff } from "@/lib/users/user-entity";
import { StaffError } from "./errors";

// Staff are the users whose platform flags carry the staff bit (spec 3, lib/users/user-entity.ts),
// as recorded at their last sign-in. Everyone else, signed in or not, is told the staff pages and
// APIs do not exist: a 404, never a 403 that would say there is something to be refused.

/** Whether the signed-in user (if any) is staff. */
export async function sessionIsStaff(db: Db, session: Session | null): Promise<boolean> {
  if (!session) return false;
  const [row] = await db.select({ flags: users.flags }).from(users).where(eq(users.id, session.userId));
  return row ? isStaff(row.flags) : false;
}

/** The staff member's id, or the 404 everyone else gets. */
export async function requireStaff(db: Db, session: Session | null): Promise<string> {
  if (!session || !(await sessionIsStaff(db, session))) throw new StaffError("not_found");
  return session.userId;
}
