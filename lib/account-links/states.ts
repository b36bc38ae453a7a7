import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { accountLinkStates } from "@/lib/db/schema";
import { newVerifier } from "./pkce";
import type { LinkProvider } from "./providers";

// The OAuth `state` of a pending link: random, single-use, bound to the user, the guild and
// the provider, refused after 10 minutes. Rows are swept an hour after they were made, so a
// late return still hears "expired" rather than "unknown"; the write budget of the start
// route (per user) bounds how many rows can wait.

export const LINK_STATE_TTL_MS = 10 * 60_000;
const SWEEP_AFTER_MS = 60 * 60_000;

export type LinkScope = { userId: string; guildId: string; provider: LinkProvider };

export async function createLinkState(db: Db, scope: LinkScope, now = new Date()): Promise<{ state: string; codeVerifier: string }> {
  await db.delete(accountLinkStates).where(lt(accountLinkStates.createdAt, new Date(now.getTime() - SWEEP_AFTER_MS)));
  const row = { state: randomBytes(32).toString("base64url"), codeVerifier: newVerifier() };
  await db.insert(accountLinkStates).values({ ...row, ...scope, createdAt: now });
  return row;
}

export type ConsumedState = { kind: "ok"; codeVerifier: string } | { kind: "expired" } | { kind: "invalid" };

/**
 * Deletes the state when it belongs to this user, guild and provider, and says whether it was
 * fresh. Someone else's state is left alone (and refused): only its owner can spend it.
 */
export async function consumeLinkState(db: Db, state: string, scope: LinkScope, now = new Date()): Promise<ConsumedState> {
  const [row] = await db
    .delete(accountLinkStates)
    .where(
      and(
        eq(accountLinkStates.state, state),
        eq(accountLinkStates.userId, scope.userId),
        eq(accountLinkStates.guildId, scope.guildId),
        eq(accountLinkStates.provider, scope.provider),
      ),
    )
    .returning({ codeVerifier: accountLinkStates.codeVerifier, createdAt: accountLinkStates.createdAt });
  if (!row) return { kind: "invalid" };
  if (row.createdAt.getTime() <= now.getTime() - LINK_STATE_TTL_MS) return { kind: "expired" };
  return { kind: "ok", codeVerifier: row.codeVerifier };
}

/** The guild and provider of this user's pending link, for the return page (the state is not spent). */
export async function findLinkState(db: Db, state: string, userId: string): Promise<{ guildId: string; provider: string } | null> {
  const [row] = await db
    .select({ guildId: accountLinkStates.guildId, provider: accountLinkStates.provider })
    .from(accountLinkStates)
    .where(and(eq(accountLinkStates.state, state), eq(accountLinkStates.userId, userId)));
  return row ?? null;
}
