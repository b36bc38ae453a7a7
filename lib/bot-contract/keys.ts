import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/open";
import { botKeys } from "../db/schema";

// Bot keys: what the gateway bot presents to the bot API (`Authorization: Bot <key>`). A key is
// `ghbot_<id>_<secret>`: the id names its row (the operator lists and revokes by it), the secret
// is 32 random bytes. Only the SHA-256 of the whole key is stored, so the database never holds a
// usable key. Created and revoked by the operator's command (scripts/bot-key.ts), never through
// the API: no route imports createBotKey (test/integration/authorization-matrix.test.ts checks).
// A key reads configurations and reports events; a scope lets it read more (BOT_KEY_SCOPES).
// Relative imports only: the operator's script runs this file with tsx, outside Next.

const BOT_KEY_PREFIX = "ghbot_";
const KEY_FORMAT = /^ghbot_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** What a key may read beyond configurations, each given by the operator when creating it. */
export const BOT_KEY_SCOPES = {
  /** The token of each guild's custom bot (GET /api/bot/v1/guilds/{id}/custom-bot), for the gateway that runs them. */
  custom_bot_tokens: "custom bots' tokens",
} as const;
export type BotKeyScope = keyof typeof BOT_KEY_SCOPES;

export const isBotKeyScope = (value: string): value is BotKeyScope => Object.hasOwn(BOT_KEY_SCOPES, value);

export type BotKey = { id: string; name: string; scopes: BotKeyScope[]; createdAt: Date; revokedAt: Date | null; lastUsedAt: Date | null };

const sha256 = (key: string) => createHash("sha256").update(key, "utf8").digest();

const view = (row: typeof botKeys.$inferSelect): BotKey => ({ id: row.id, name: row.name, scopes: row.scopes.filter(isBotKeyScope), createdAt: row.createdAt, revokedAt: row.revokedAt, lastUsedAt: row.lastUsedAt });

/** A name an operator gives a key: printable, one line. */
function botKeyNameProblem(name: string): string | null {
  if (name.trim() === "" || name.length > 64) return "A key's name has 1 to 64 characters.";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "A key's name cannot hold control characters.";
  return null;
}

/** A new key with these scopes: its row, and the key itself, which exists nowhere else once shown. */
export async function createBotKey(db: Db, name: string, scopes: readonly BotKeyScope[] = []): Promise<{ key: string; botKey: BotKey }> {
  const problem = botKeyNameProblem(name);
  if (problem) throw new Error(problem);
  const id = randomBytes(6).toString("hex");
  const key = `${BOT_KEY_PREFIX}${id}_${randomBytes(32).toString("base64url")}`;
  const [row] = await db.insert(botKeys).values({ id, name: name.trim(), hash: sha256(key).toString("hex"), scopes: [...new Set(scopes)] }).returning();
  return { key, botKey: view(row!) };
}

export async function listBotKeys(db: Db): Promise<BotKey[]> {
  const rows = await db.select().from(botKeys).orderBy(asc(botKeys.createdAt), asc(botKeys.id));
  return rows.map(view);
}

/** Revokes a key for good: every request with it is refused from now on. */
export async function revokeBotKey(db: Db, id: string): Promise<"revoked" | "already_revoked" | "unknown"> {
  const [revoked] = await db
    .update(botKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(botKeys.id, id), isNull(botKeys.revokedAt)))
    .returning({ id: botKeys.id });
  if (revoked) return "revoked";
  const [known] = await db.select({ id: botKeys.id }).from(botKeys).where(eq(botKeys.id, id));
  return known ? "already_revoked" : "unknown";
}

/** The key's row when `presented` is a key in use (not revoked), else null. */
export async function verifyBotKey(db: Db, presented: string): Promise<BotKey | null> {
  const match = KEY_FORMAT.exec(presented);
  if (!match) return null;
  const [row] = await db.select().from(botKeys).where(eq(botKeys.id, match[1]!));
  if (!row || row.revokedAt) return null;
  // The id is public; the secret is known by its hash alone, compared in constant time.
  if (!timingSafeEqual(Buffer.from(row.hash, "hex"), sha256(presented))) return null;
  return view(row);
}

/** Notes that the key was used, at most once a minute (a request does not pay for a write each time). */
export async function markBotKeyUsed(db: Db, id: string, now = new Date()): Promise<void> {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(botKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(botKeys.id, id), or(isNull(botKeys.lastUsedAt), lt(botKeys.lastUsedAt, aMinuteAgo))));
}
