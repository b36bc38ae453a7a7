import "server-only";
import { z } from "zod";
import { userRoute } from "@/lib/http/route";
import { TWITCH_LOGIN } from "@/lib/plugins/twitch/definition";
import { inputText } from "@/lib/validation/text";
import { LOOKUP_POLICY, providerCached } from "../cache";
import { ProviderError } from "../errors";
import { shown } from "../routes";
import type { SourceAccount } from "../types";
import { twitchCredentials } from "./helix";
import { TWITCH_BATCH, twitchUsers } from "./adapter";

// GET /api/plugins/twitch/get-streamers?logins=a,b: several streamers at once (a guild's saved
// subscriptions), by login or user id, in the order asked, each saying whether it exists.

/** A requested streamer: the account when Twitch knows it, else only the name asked for. */
export type StreamerAnswer = SourceAccount & { exists: boolean };

const idOrLogin = inputText().refine((value) => /^\d{1,20}$/.test(value) || TWITCH_LOGIN.test(value), "must be Twitch logins or user ids");

const query = z.object({
  logins: inputText()
    .max(30 * TWITCH_BATCH)
    .transform((text) => [...new Map(text.split(",").map((item) => item.trim()).filter(Boolean).map((item) => [item.toLowerCase(), item])).values()])
    .pipe(z.array(idOrLogin).min(1, "name at least one streamer").max(TWITCH_BATCH, `at most ${TWITCH_BATCH} streamers at once`)),
});

export async function getStreamers(requested: string[]): Promise<StreamerAnswer[]> {
  if (!twitchCredentials()) throw new ProviderError("twitch", "not_configured", "twitch has no credentials");
  const key = `streamers:twitch:${requested.map((item) => item.toLowerCase()).sort().join(",")}`;
  const found = await providerCached(key, LOOKUP_POLICY, () => twitchUsers(requested));
  return requested.map((asked) => {
    const account = found.find((item) => item.id === asked || item.name === asked.toLowerCase());
    if (account) return { ...shown(account), exists: true };
    return { id: "", name: asked, display_name: asked, avatar_url: null, followers: null, url: `https://www.twitch.tv/${asked.toLowerCase()}`, live: null, exists: false };
  });
}

export const getStreamersRoute = () =>
  userRoute({ query, budget: "provider-search" }, async ({ query }) => ({ results: await getStreamers(query.logins) }));
