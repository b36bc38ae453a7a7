// `npm run bot-key -- create <name> | list | revoke <id>`: the operator's bot keys, which the
// gateway bot sends to the bot API (`Authorization: Bot <key>`). Only an operator with access to
// the database makes them: no page or route of the dashboard can, whoever is signed in.
import { createBotKey, listBotKeys, revokeBotKey, type BotKey } from "../lib/bot-contract/keys";
import { DatabaseInUseError, openDb, type DbHandle } from "../lib/db/open";
import { EnvError, getDatabaseEnv } from "../lib/env";

const USAGE = `Usage:
  npm run bot-key -- create <name>   create a key and print it (shown this once)
  npm run bot-key -- list            list the keys (never the keys themselves)
  npm run bot-key -- revoke <id>     revoke a key: the bot API refuses it from now on`;

class UsageError extends Error {}

const when = (date: Date | null) => (date ? date.toISOString().replace(/\.\d+Z$/, "Z") : "-");

function table(keys: BotKey[]): string {
  if (keys.length === 0) return "No bot keys yet. Create one with: npm run bot-key -- create <name>";
  const rows = [["ID", "NAME", "CREATED", "LAST USED", "REVOKED"], ...keys.map((key) => [key.id, key.name, when(key.createdAt), when(key.lastUsedAt), when(key.revokedAt)])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd()).join("\n");
}

async function run(handle: DbHandle, [command, ...args]: string[]): Promise<string> {
  if (command === "create" && args.length > 0) {
    const { key, botKey } = await createBotKey(handle.db, args.join(" "));
    return [
      `Created bot key ${botKey.id} ("${botKey.name}"). The key, shown this once (only its hash is stored):`,
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
