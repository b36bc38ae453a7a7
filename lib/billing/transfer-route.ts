import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { requireGuildAccess } from "@/lib/guilds/access";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { ApiError } from "@/lib/http/api-error";
import { apiLocale } from "@/lib/http/api-locale";
import { assertBudget, payerOf } from "@/lib/http/budgets";
import { userRoute } from "@/lib/http/route";
import { platformId } from "@/lib/platform/snowflake";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";
import { transferSubscription, transferView, type TransferKind } from "./transfer";

const body = z.strictObject({ target_guild_id: platformId("guild"), origin_guild_id: platformId("guild") });

/**
 * POST /api/guilds/transfer-{kind}: the caller must manage both guilds (each checked like any
 * guild route, before anything is read); a guild they do not manage is named in the refusal.
 */
export function transferRoute(kind: TransferKind) {
  return userRoute({ body }, async ({ req, session, body }) => {
    await assertBudget(payerOf(session.userId, req.headers), "writes");
    const db = await getDb();
    const locale = apiLocale(req);
    for (const path of ["origin_guild_id", "target_guild_id"] as const) {
      await requireGuildAccess(db, session, body[path]).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 403)) throw error;
        throw new ApiError(403, error.code, issueTextFor(locale)("guild_not_managed"), [fieldIssue(path, "guild_not_managed")]);
      });
    }
    const moved = await transferSubscription(db, { userId: session.userId, originGuildId: body.origin_guild_id, targetGuildId: body.target_guild_id, kind, locale });
    expireGuildPages(body.origin_guild_id);
    expireGuildPages(body.target_guild_id);
    return transferView(moved);
  });
}
