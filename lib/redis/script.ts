import "server-only";
import { createHash } from "node:crypto";
import type { RedisClient } from "./link";

// A Lua script run by its SHA-1 (EVALSHA), sent in full only when Redis does not know it yet
// (first use, or after a restart emptied its script cache). A script runs atomically: no
// other command of any instance falls between its reads and writes.

export type Script = { source: string; sha: string };

export function luaScript(source: string): Script {
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

export async function runScript(client: RedisClient, script: Script, keys: string[], args: Array<string | number>): Promise<unknown> {
  const options = { keys, arguments: args.map(String) };
  try {
    return await client.evalSha(script.sha, options);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return client.eval(script.source, options);
  }
}
