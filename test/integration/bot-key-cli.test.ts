/** @jest-environment node */
// `npm run bot-key` as an operator runs it, on its own PGlite folder: create prints a key the
// bot API accepts (only its hash is stored), list shows keys but never one, revoke makes the
// API refuse it, and a folder a running app holds is refused in plain words.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { verifyBotKey } from "@/lib/bot-contract/keys";
import { openDb } from "@/lib/db/open";
import { botKeys } from "@/lib/db/schema";

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), "guildhall-bot-key-"));
const pgliteDir = path.join(root, "pglite");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The command with this folder (never the developer's .data, never CI's PostgreSQL); its exit code and output. */
async function botKey(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/bot-key.ts", ...args], { env: { ...process.env, PGLITE_DIR: pgliteDir, DATABASE_URL: "" } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Runs `check` on the folder while no command holds it. */
async function inFolder<T>(check: (db: Awaited<ReturnType<typeof openDb>>["db"]) => Promise<T>): Promise<T> {
  const handle = await openDb({ pgliteDir });
  try {
    return await check(handle.db);
  } finally {
    await handle.close();
  }
}

it("creates a key shown once, lists it without it, revokes it; refuses a folder in use", async () => {
  const created = await botKey("create", "Gateway", "bot");
  expect(created.code).toBe(0);
  const key = /\b(ghbot_([0-9a-f]{12})_[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(created.stdout);
  expect(key).not.toBeNull();
  const [, secretKey, id] = key!;
  expect(await inFolder((db) => verifyBotKey(db, secretKey!))).toMatchObject({ id, name: "Gateway bot", revokedAt: null });
  // The secret is what follows the id; it may itself hold or start with "_".
  expect(JSON.stringify(await inFolder((db) => db.select().from(botKeys)))).not.toContain(/^ghbot_[0-9a-f]{12}_(.+)$/.exec(secretKey!)![1]!);

  // While the folder is open here (as a running app holds it), the command says so and changes nothing.
  const handle = await openDb({ pgliteDir });
  const busy = await botKey("revoke", id!).finally(() => handle.close());
  expect(busy.code).toBe(1);
  expect(busy.stderr.trim()).toBe(`The PGlite database in ${pgliteDir} is open in process ${process.pid} (npm start?). PGlite has one process at a time: stop that process, or share a PostgreSQL through DATABASE_URL.`);

  const revoked = await botKey("revoke", id!);
  expect({ code: revoked.code, stdout: revoked.stdout.trim() }).toEqual({ code: 0, stdout: `Revoked bot key ${id}: the bot API refuses it from now on.` });
  expect(await inFolder((db) => verifyBotKey(db, secretKey!))).toBeNull();

  const listed = await botKey("list");
  expect(listed.code).toBe(0);
  expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+Gateway bot\\s+-\\s+\\S+\\s+-\\s+\\S+$`, "m"));
  expect(listed.stdout).not.toContain(secretKey!);

  expect((await botKey("delete", id!)).code).toBe(2);
  expect((await botKey("revoke", "000000000000")).stderr).toContain("No bot key has the id 000000000000");
}, 180_000);

it("gives a key the scopes asked for (custom bots' tokens), and refuses an unknown scope before opening the database", async () => {
  const created = await botKey("create", "Custom bots", "--scope", "custom_bot_tokens");
  expect(created.code).toBe(0);
  expect(created.stdout).toContain('("Custom bots", scopes: custom_bot_tokens)');
  const secretKey = /\b(ghbot_[0-9a-f]{12}_[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(created.stdout)![1]!;
  expect(await inFolder((db) => verifyBotKey(db, secretKey))).toMatchObject({ name: "Custom bots", scopes: ["custom_bot_tokens"] });
  expect((await botKey("list")).stdout).toMatch(/\sCustom bots\s+custom_bot_tokens\s/);
  const typo = await botKey("create", "Typo", "--scope", "custom_bot_token");
  expect({ code: typo.code, said: typo.stderr.startsWith('Unknown scope "custom_bot_token".') }).toEqual({ code: 2, said: true });
}, 180_000);
