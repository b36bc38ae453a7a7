// `npm run bot-key -- create <name> | list | revoke <id>`: the operator's bot keys, which the
// gateway bot sends to the bot API (`Authorization: Bot <key>`). Only an operator with access to
// the database makes them: no page or route of the dashboard can, whoever is signed in.
import { BOT_KEY_SCOPES, createBotKey, isBotKeyScope, listBotKeys, revokeBotKey, type BotKey, type BotKeyScope } from "../lib/bot-contract/keys";
import { DatabaseInUseError, openDb, type DbHandle } from "../lib/db/open";
import { EnvError, getDatabaseEnv } from "../lib/env";

const USAGE = `Usage:
  npm run bot-key -- create <name> [--scope <scope>]…   create a key and print it (shown this once)
  npm run bot-key -- list                               list the keys (never the keys themselves)
  npm run bot-key -- revoke <id>                        revoke a key: the bot API refuses it from now on
Scopes (what a key may read beyond configurations):
${Object.entries(BOT_KEY_SCOPES).map(([scope, what]) => `  ${scope}: ${what}`).join("\n")}`;

class UsageError extends Error {}

const when = (date: Date | null) => (date ? date.toISOString().replace(/\.\d+Z$/, "Z") : "-");

function table(keys: BotKey[]): string {
  if (keys.length === 0) return "No bot keys yet. Create one with: npm run bot-key -- create <name>";
  const rows = [["ID", "NAME", "SCOPES", "CREATED", "LAST USED", "REVOKED"], ...keys.map((key) => [key.id, key.name, key.scopes.join(",") || "-", when(key.createdAt), when(key.lastUsedAt), when(key.revokedAt)])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd()).join("\n");
}

/** `create`'s words: the name, and each `--scope <scope>` (checked: a typo would give a key less than meant). */
function createArgs(args: string[]): { name: string; scopes: BotKeyScope[] } {
  const words: string[] = [];
  const scopes: BotKeyScope[] = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] !== "--scope") {
      words.push(args[index]!);
      continue;
    }
    const scope = args[++index] ?? "";
    if (!isBotKeyScope(scope)) throw new UsageError(`Unknown scope "${scope}".\n${USAGE}`);
    scopes.push(scope);
  }
  if (words.length === 0) throw new UsageError(USAGE);
  return { name: words.join(" "), scopes };
}

async function run(handle: DbHandle, [command, ...args]: string[]): Promise<string> {
  if (command === "create" && args.length > 0) {
    const { name, scopes } = createArgs(args);
    const { key, botKey } = await createBotKey(handle.db, name, scopes);
    return [
      `Created bot key ${botKey.id} ("${botKey.name}"${botKey.scopes.length > 0 ? `, scopes: ${botKey.scopes.join(", ")}` : ""}). The key, shown this once (only its hash is stored):`,
      "",
      `  ${key}`,
      "",
      "The bot sends it to the bot API as the header `Authorization: Bot <key>`.",
    ].join("\n");
  }
  if (command === "list" && args.length === 0) return table(await listBotKeys(handle.db));
  if (command === "revoke" && args.length === 1) {
    const outcome = await revokeBotKey(handle.db, args[0]!);
    if (outcome === "unknown") throw new Error(`No bot key has the id ${args[0]}. See them with: npm run bot-key -- list`);
    return outcome === "revoked" ? `Revoked bot key ${args[0]}: the bot API refuses it from now on.` : `Bot key ${args[0]} was already revoked.`;
  }
  throw new UsageError(USAGE);
}

async function main(argv: string[]): Promise<number> {
  // Checked before the database is opened (and migrated): a typo changes nothing.
  if (!["create", "list", "revoke"].includes(argv[0] ?? "")) {
    console.error(USAGE);
    return 2;
  }
  if (argv[0] === "create") {
    try {
      createArgs(argv.slice(1));
    } catch (error) {
      console.error((error as Error).message);
      return 2;
    }
  }
  let handle: DbHandle;
  try {
    // A PGlite folder a running app holds is refused here (DatabaseInUseError says what to do).
    const env = getDatabaseEnv();
    handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    console.log(await run(handle, argv));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
