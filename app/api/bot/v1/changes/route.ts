import { parseCursor, waitForChanges } from "@/lib/bot-contract/change-feed";
import { botRoute } from "@/lib/bot-contract/route";
import { BOT_ROUTES } from "@/lib/bot-contract/routes";

// GET /api/bot/v1/changes?after=<cursor>&limit=&wait=: committed changes after the cursor, in commit order (long poll).
export const GET = botRoute(BOT_ROUTES.changes, async ({ db, query, req }) =>
  waitForChanges(db, parseCursor(query.after), { limit: query.limit, waitSeconds: query.wait, signal: req.signal }),
);
