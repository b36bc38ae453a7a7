import "server-only";
import type { NextRequest } from "next/server";
import { getDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { readJsonBody } from "@/lib/http/read-body";
import { parseInput, respond, type RawParams } from "@/lib/http/route";
import { markBotKeyUsed, verifyBotKey, type BotKey } from "./keys";
import type { BotRouteSpec } from "./routes";

// The pipeline of every authenticated bot API route: the bot key first (before anything is
// parsed or read), then path, query and body parsed by the route's schemas (./routes.ts), the
// error envelope and no-store answers, as lib/http/route.ts gives the dashboard's routes. No
// session and no anti-forgery token: the bot sends no cookies, the key in its header is the
// proof, and a session cookie opens nothing here.

export type BotContext<P, Q, B> = { req: NextRequest; params: P; query: Q; body: B; bot: BotKey; db: Db };

const KEY_USE_NOTED_EVERY_MS = 60_000;

function unauthorized(): ApiError {
  return new ApiError(401, "bot_unauthorized", "This API needs a valid bot key: send it as `Authorization: Bot <key>`.");
}

/** The key in `Authorization: Bot <key>` when it is one in use, else a 401. */
async function authenticate(db: Db, req: NextRequest): Promise<BotKey> {
  const match = /^Bot +(\S+) *$/i.exec(req.headers.get("authorization") ?? "");
  const bot = match ? await verifyBotKey(db, match[1]!) : null;
  if (!bot) throw unauthorized();
  const now = new Date();
  if (!bot.lastUsedAt || now.getTime() - bot.lastUsedAt.getTime() >= KEY_USE_NOTED_EVERY_MS) await markBotKeyUsed(db, bot.id, now);
  return bot;
}

export function botRoute<P, Q, B>(route: BotRouteSpec<P, Q, B>, handler: (ctx: BotContext<P, Q, B>) => Promise<Response | object>) {
  return async (req: NextRequest, segments: { params: Promise<RawParams> }): Promise<Response> => {
    const response = await respond(req, async () => {
      const db = await getDb();
      const bot = await authenticate(db, req);
      const params = parseInput(route.params, (await segments?.params) ?? {}, "params");
      const query = parseInput(route.query, Object.fromEntries(req.nextUrl.searchParams), "query");
      const body = route.body ? parseInput(route.body, await readJsonBody(req), "body") : (undefined as B);
      return handler({ req, params, query, body, bot, db });
    });
    if (response.status === 401) response.headers.set("WWW-Authenticate", 'Bot realm="Guildhall bot API"');
    return response;
  };
}
