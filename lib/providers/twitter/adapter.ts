import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { LOOKUP_POLICY, providerCached } from "../cache";
import { ProviderError } from "../errors";
import { handleFrom, imageUrl } from "../handles";
import { parsed, type ProviderAnswer } from "../provider-call";
import type { LatestItem, ProviderAdapter, SourceAccount } from "../types";
import { twitterConfigured, twitterGet } from "./client";
import { timelineAnswer, userAnswer, type XUser } from "./schemas";

// X accounts as sources; the stable id is the numeric user id. X API v2 offers no user search
// on the tiers an app like this has (basic and below), so a search looks up what was typed as
// an exact @username and finds that account or nothing.

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const USER_FIELDS = "profile_image_url,public_metrics,name";

export const twitterAdapter: ProviderAdapter = {
  id: "twitter",
  variables: PROVIDER_VARIABLES.twitter,
  configured: twitterConfigured,

  async search(query) {
    const username = handleFrom(query, ["x.com", "twitter.com"], USERNAME);
    const user = username ? await byUsername(username) : null;
    return user ? [user] : [];
  },

  async lookup(idOrName) {
    const wanted = idOrName.trim();
    // An all-digit handle is also a valid username: try it as an id first, then as a name.
    if (/^\d{1,19}$/.test(wanted)) {
      const user = userOf(await twitterGet(`/2/users/${wanted}`, { "user.fields": USER_FIELDS }));
      if (user) return user;
    }
    const username = handleFrom(wanted, ["x.com", "twitter.com"], USERNAME);
    return username ? byUsername(username) : null;
  },

  async latest(id): Promise<LatestItem | null> {
    const userId = /^\d+$/.test(id) ? id : (await providerCached(`lookup:twitter:${id}`, LOOKUP_POLICY, () => twitterAdapter.lookup(id)))?.id;
    if (!userId) return null;
    const answer = await twitterGet(`/2/users/${userId}/tweets`, {
      max_results: "5",
      "tweet.fields": "created_at",
      expansions: "author_id",
      "user.fields": "name,username",
    });
    if (answer.status === 404) return null;
    expectOk(answer);
    const timeline = parsed("twitter", timelineAnswer, answer);
    const post = timeline.data?.[0];
    if (!post) return null;
    const author = timeline.includes?.users?.find((user) => user.id === (post.author_id ?? userId));
    const published = post.created_at ? new Date(post.created_at).toISOString() : null;
    const handle = author?.username ?? "i";
    return {
      values: { author: author?.name ?? handle, title: post.text, link: `https://x.com/${handle}/status/${post.id}`, published: publishedValue(published) },
      published_at: published,
    };
  },
};

async function byUsername(username: string): Promise<SourceAccount | null> {
  return userOf(await twitterGet(`/2/users/by/username/${username}`, { "user.fields": USER_FIELDS }));
}

/** The account in a users lookup answer; null when X says it does not exist (404, or 200 with errors only). */
function userOf(answer: ProviderAnswer): SourceAccount | null {
  if (answer.status === 404) return null;
  expectOk(answer);
  const body = parsed("twitter", userAnswer, answer);
  return "data" in body ? account(body.data) : null;
}

function expectOk(answer: ProviderAnswer): void {
  if (answer.status !== 200) throw new ProviderError("twitter", "bad_answer", `twitter answered ${answer.status}`);
}

function account(user: XUser): SourceAccount {
  return {
    id: user.id,
    name: user.username,
    display_name: user.name,
    avatar_url: imageUrl(user.profile_image_url),
    followers: user.public_metrics?.followers_count ?? null,
    url: `https://x.com/${user.username}`,
  };
}
