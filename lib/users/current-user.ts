import "server-only";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { platformId } from "@/lib/platform/snowflake";
import { getCurrentUser } from "@/lib/platform/user-api";
import type { Session } from "@/lib/session/session-cookie";
import { listManagedGuilds } from "@/lib/guilds/user-guilds";
import { accountGuildLists, type AccountGuildLists } from "./guild-lists";
import { findUser, recordLogin } from "./queries";
import { toUserEntity, type UserEntity } from "./user-entity";

/** GET /api/users/@me: the user (spec 3) with their guild lists (spec 6); `stale` when the platform's list was an older copy. */
export type UserAccount = UserEntity & AccountGuildLists;

export async function getCurrentUserAccount(session: Session): Promise<{ account: UserAccount; stale: boolean }> {
  const db = await getDb();
  // The managed list is the platform's, cached per user (lib/platform/user-api.ts): no budget of its own here.
  const [row, managed] = await Promise.all([findUser(db, session.userId), listManagedGuilds(session)]);
  const user = row ?? (await recordLogin(db, await getCurrentUser(session.accessToken))).row;
  const lists = await accountGuildLists(db, managed.guilds.map((guild) => guild.id));
  return { account: { ...toUserEntity(user), ...lists }, stale: managed.stale };
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
