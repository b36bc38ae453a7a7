import "server-only";
import { shown } from "@/lib/providers/routes";
import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { ProviderError, providerApiError } from "@/lib/providers/errors";
import { inputText } from "@/lib/validation/text";
import { finalizeAccountLink, startAccountLink } from "./flow";
import { readAccountLink, removeAccountLink } from "./links";
import type { LinkedAccount, LinkProvider, LinkStatus } from "./providers";

// The handlers behind /api/plugins/{twitch|twitter|tiktok}/oauth/{guildId} (spec 7): GET checks,
// POST starts, DELETE unlinks, …/finalize completes. Guild managers only (the guild pipeline);
// route files are one line each: `export const { GET, POST, DELETE } = accountLinkRoutes("twitch");`.

const finalizeBody = z.object({
  state: inputText().min(1).max(200),
  code: inputText().min(1).max(2048).optional(),
  /** The provider's `error` on the return (access_denied when the user cancelled). */
  error: inputText().max(200).optional(),
  /** Spec 7 names it for X; accepted and ignored: the verifier is the one kept with the state. */
  verifier: inputText().max(256).optional(),
});

const status = (account: LinkedAccount | null): LinkStatus => (account ? { linked: true, account: shown(account) } : { linked: false });

/** Provider failures in the envelope; "not configured" is worded for linking, not searching. */
async function mapped<T>(provider: LinkProvider, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.failure === "not_configured") throw new ApiError(503, "provider_not_configured", `Linking a ${provider} account is not set up on this Guildhall.`);
    throw providerApiError(error);
  }
}

export function accountLinkRoutes(provider: LinkProvider) {
  return {
    /** GET: `{ linked: false }` or `{ linked: true, account }`. */
    GET: guildRoute({ params: guildIdParams }, async ({ db, access }) => status(await readAccountLink(db, access.guildId, provider))),
    /** POST: `{ url }`, the provider's consent page for a new single-use state. */
    POST: guildRoute({ params: guildIdParams }, async ({ db, access, session }) =>
      mapped(provider, () => startAccountLink(db, { provider, guildId: access.guildId, userId: session.userId })),
    ),
    /** DELETE: unlinks; `{ linked: false }` whether or not an account was linked. */
    DELETE: guildRoute({ params: guildIdParams }, async ({ db, access, session }) => {
      await removeAccountLink(db, { provider, guildId: access.guildId, userId: session.userId });
      return status(null);
    }),
  };
}

/** POST …/finalize `{ state, code }`: the linked account. */
export function accountLinkFinalizeRoute(provider: LinkProvider) {
  return guildRoute({ params: guildIdParams, body: finalizeBody }, async ({ db, access, session, body }) =>
    mapped(provider, async () => shown(await finalizeAccountLink(db, { provider, guildId: access.guildId, userId: session.userId }, body))),
  );
}
