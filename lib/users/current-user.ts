import "server-only";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
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
  userId: inputText().transform(decodeOrKeep).pipe(z.union([z.literal("@me"), platformId("@me or a user")])),
});

/** A malformed escape (%E0%A4%A) is left as it is for the pattern to refuse: a 400, not a thrown URIError. */
function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function assertSelf(session: Session, userId: string): void {
  if (userId !== "@me" && userId !== session.userId) throw new ApiError(403, "forbidden", "You can only read your own account.");
}
