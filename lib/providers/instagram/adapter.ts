import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { getEnv } from "@/lib/env";
import { ProviderError } from "../errors";
import { handleFrom, imageUrl } from "../handles";
import { rateLimited } from "../pauses";
import { callProvider, failureOf, parsed } from "../provider-call";
import { goneSource, POLL_ITEMS, pollEach } from "../poll";
import type { LatestItem, PolledItem, ProviderAdapter, SourceAccount } from "../types";
import { discoveryAnswer, graphError, type DiscoveredMedia, type DiscoveredUser } from "./schemas";

// Instagram professional accounts as sources, through the Graph API's business discovery on our
// own business account (INSTAGRAM_BUSINESS_ID). Business discovery reaches another account only
// by its username, so the username is the stored id, and a search looks up what was typed as an
// exact username: the API has no account search.

const USERNAME = /^[A-Za-z0-9._]{1,30}$/;
const ACCOUNT_FIELDS = "username,name,profile_picture_url,followers_count,media_count";
const MEDIA_FIELDS = "id,caption,permalink,timestamp,media_url";
/** Graph error codes that mean "slow down" (app, user, page and business use case limits). */
const THROTTLED = new Set([4, 17, 32, 613, 80002]);
const NOT_FOUND = 110;
const BAD_TOKEN = 190;
const DEFAULT_WAIT_SECONDS = 60;

export const instagramAdapter: ProviderAdapter = {
  id: "instagram",
  variables: PROVIDER_VARIABLES.instagram,
  configured: () => Boolean(getEnv().INSTAGRAM_ACCESS_TOKEN && getEnv().INSTAGRAM_BUSINESS_ID),

  async search(query) {
    const found = await instagramAdapter.lookup(query);
    return found ? [found] : [];
  },

  async lookup(idOrName) {
    const user = await discover(idOrName, ACCOUNT_FIELDS);
    return user ? account(user) : null;
  },

  async latest(id): Promise<LatestItem | null> {
    const user = await discover(id, `${ACCOUNT_FIELDS},media.limit(1){${MEDIA_FIELDS}}`);
    const media = user?.media?.data[0];
    if (!user || !media) return null;
    const { values, published_at } = mediaItem(user, media);
    return { values, published_at };
  },

  /** New posts: each account's newest 20, one business discovery call per account (it reaches one username at a time). */
  poll: (sources) =>
    pollEach(sources, async ({ id }) => {
      const user = await discover(id, `username,name,media.limit(${POLL_ITEMS}){${MEDIA_FIELDS}}`);
      if (!user) return goneSource("no such Instagram professional account");
      return { ok: true, items: (user.media?.data ?? []).map((media) => mediaItem(user, media)), state: {} };
    }),
};

function mediaItem(user: DiscoveredUser, media: DiscoveredMedia): PolledItem {
  // Graph timestamps end in +0000; ISO 8601 wants +00:00.
  const at = Date.parse(media.timestamp.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  const published = Number.isNaN(at) ? null : new Date(at).toISOString();
  const link = media.permalink ?? `https://www.instagram.com/${user.username}/`;
  return { key: media.id, url: media.permalink ?? null, values: { author: user.name || user.username, title: media.caption ?? "", link, published: publishedValue(published) }, published_at: published };
}

async function discover(idOrName: string, fields: string): Promise<DiscoveredUser | null> {
  const username = handleFrom(idOrName, ["instagram.com"], USERNAME)?.toLowerCase();
  if (!username) return null;
  const env = getEnv();
  const url = new URL(`${env.INSTAGRAM_API_URL.replace(/\/$/, "")}/${env.INSTAGRAM_BUSINESS_ID}`);
  url.searchParams.set("fields", `business_discovery.username(${username}){${fields}}`);
  url.searchParams.set("access_token", env.INSTAGRAM_ACCESS_TOKEN ?? "");
  const answer = await callProvider("instagram", url);
  if (answer.status === 401) throw failureOf("instagram", answer);
  if (answer.status === 200) return parsed("instagram", discoveryAnswer, answer).business_discovery;
  const { error } = parsed("instagram", graphError, answer);
  // 110: no such username, or not a business or creator account business discovery can see.
  if (error.code === NOT_FOUND) return null;
  if (error.code === BAD_TOKEN) throw new ProviderError("instagram", "not_configured", "instagram refused our access token");
  if (THROTTLED.has(error.code)) throw rateLimited("instagram", regainSeconds(answer.headers) ?? DEFAULT_WAIT_SECONDS, `instagram answered code ${error.code}`);
  throw new ProviderError("instagram", "bad_answer", `instagram answered ${answer.status} code ${error.code}`);
}

/** X-Business-Use-Case-Usage's estimated_time_to_regain_access (minutes), as seconds. */
function regainSeconds(headers: Headers): number | undefined {
  try {
    const usage = JSON.parse(headers.get("x-business-use-case-usage") ?? "{}") as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Math.max(0, ...Object.values(usage).flat().map((item) => item.estimated_time_to_regain_access ?? 0));
    return minutes > 0 ? minutes * 60 : undefined;
  } catch {
    return undefined;
  }
}

function account(user: DiscoveredUser): SourceAccount {
  return {
    id: user.username.toLowerCase(),
    name: user.username,
    display_name: user.name || user.username,
    avatar_url: imageUrl(user.profile_picture_url),
    followers: user.followers_count ?? null,
    url: `https://www.instagram.com/${user.username}/`,
  };
}
