import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Which platform endpoints lib/platform calls, read from its source rather than kept
// by hand, so the contract test notices a new call. A call is one of rest.ts's senders
// with a discord-api-types `Routes` helper as its route, or oauth.ts's postForm with a
// literal path. Anything else that reaches the network (a sender with a computed
// route, another fetch) makes the scan throw instead of being missed.

/** "<token> <METHOD> <route>": `bot GET Routes.guild`, `custom-bot GET Routes.user` (a custom bot's own token), `client POST /oauth2/token`. */
export type ClientCall = `${"bot" | "custom-bot" | "user" | "client"} ${"GET" | "POST" | "PATCH" | "PUT" | "DELETE"} ${string}`;

const SENDERS: Record<string, `${"bot" | "custom-bot" | "user"} ${"GET" | "POST" | "PATCH" | "PUT" | "DELETE"}`> = {
  botGet: "bot GET",
  botPost: "bot POST",
  botPatch: "bot PATCH",
  botPut: "bot PUT",
  botDelete: "bot DELETE",
  userGet: "user GET",
  customBotGet: "custom-bot GET",
  customBotPatch: "custom-bot PATCH",
};

/** Index just past a balanced `<...>` that starts at `start`. */
function skipTypeArguments(source: string, start: number): number {
  let depth = 0;
  for (let index = start; index < source.length; index++) {
    if (source[index] === "<") depth++;
    else if (source[index] === ">" && --depth === 0) return index + 1;
  }
  return start;
}

function callsIn(file: string, source: string): ClientCall[] {
  const calls: ClientCall[] = [];
  const sender = new RegExp(`(function\\s+)?\\b(${Object.keys(SENDERS).join("|")})\\b`, "g");
  for (const match of source.matchAll(sender)) {
    if (match[1]) continue; // The definition in rest.ts.
    let index = (match.index ?? 0) + match[0].length;
    if (source[index] === "<") index = skipTypeArguments(source, index);
    if (source[index] !== "(") continue; // An import or a mention in a comment.
    // userGet and the custom bot's senders take the token first: `userGet(accessToken, Routes.user())`.
    const route = /^\s*(?:\w+\s*,\s*)?Routes\.(\w+)\(/.exec(source.slice(index + 1));
    if (!route) throw new Error(`${file}: ${match[2]}(...) without a Routes helper; teach test/platform-calls.ts about it`);
    calls.push(`${SENDERS[match[2] as string]} Routes.${route[1]}` as ClientCall);
  }
  for (const match of source.matchAll(/(function\s+)?\bpostForm\(\s*("[^"]*")?/g)) {
    if (match[1]) continue;
    if (!match[2]) throw new Error(`${file}: postForm(...) without a literal path`);
    calls.push(`client POST ${JSON.parse(match[2]) as string}`);
  }
  const fetches = [...source.matchAll(/\bfetch\(/g)].length;
  if (fetches > 0 && !/async function postForm\b[\s\S]*\bfetch\(/.test(source)) {
    throw new Error(`${file}: fetch() outside oauth.ts's postForm; add the endpoint to the contract table and this scan`);
  }
  if (fetches > 1) throw new Error(`${file}: more than one fetch(); add the endpoint to the contract table and this scan`);
  return calls;
}

/** Every distinct call lib/platform makes (test files excluded), sorted. */
export function platformClientCalls(root = process.cwd()): ClientCall[] {
  const dir = join(root, "lib", "platform");
  const calls = new Set<ClientCall>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
    for (const call of callsIn(name, readFileSync(join(dir, name), "utf8"))) calls.add(call);
  }
  return [...calls].sort();
}
