import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { platformId } from "@/lib/platform/snowflake";
import { getCurrentUser } from "@/lib/platform/user-api";
import type { Session } from "@/lib/session/session-cookie";
import { findUser, recordLogin } from "./queries";
import { toUserEntity, type UserEntity } from "./user-entity";

export async function getCurrentUserEntity(session: Session): Promise<UserEntity> {
  const db = await getDb();
  const row = (await findUser(db, session.userId)) ?? (await recordLogin(db, await getCurrentUser(session.accessToken))).row;
  return toUserEntity(row);
}

/** Path parameter of /api/users/{id}/…: `@me` or the signed-in user's own id. */
export const userIdParam = z.object({
  userId: z.string().transform((value) => decodeURIComponent(value)).pipe(z.union([z.literal("@me"), platformId("@me or a user")])),
});

export function assertSelf(session: Session, userId: string): void {
  if (userId !== "@me" && userId !== session.userId) throw new ApiError(403, "forbidden", "You can only read your own account.");
}
