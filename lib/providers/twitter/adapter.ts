import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { LOOKUP_POLICY, providerCached } from "../cache";
import { ProviderError } from "../errors";
import { handleFrom, imageUrl } from "../handles";
import { parsed, type ProviderAnswer } from "../provider-call";
import { goneSource, POLL_ITEMS, pollEach } from "../poll";
import type { LatestItem, PolledItem, ProviderAdapter, SourceAccount, SourcePoll } from "../types";
import { twitterConfigured, twitterGet } from "./client";
import { timelineAnswer, userAnswer, type XPost, type XProblem, type XUser } from "./schemas";

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
    // X's smallest page is 5 posts.
    const timeline = await postsOf(userId, 5);
    const post = "posts" in timeline ? timeline.posts[0] : undefined;
    return post ? { values: post.values, published_at: post.published_at } : null;
  },

  /** New posts: each account's newest 20, one call per account (X has no timeline of several users at once). */
  poll: (sources) =>
    pollEach(sources, async ({ id }): Promise<SourcePoll> => {
      if (!/^\d{1,19}$/.test(id)) return goneSource("not an X user id");
      const timeline = await postsOf(id, POLL_ITEMS);
      return "posts" in timeline ? { ok: true, items: timeline.posts, state: {} } : timeline.gone;
    }),
};

/** The newest `count` posts of the account (5 to 100), newest first; or why they cannot be read. */
async function postsOf(userId: string, count: number): Promise<{ posts: PolledItem[] } | { gone: SourcePoll }> {
  const answer = await twitterGet(`/2/users/${userId}/tweets`, {
    max_results: String(count),
    "tweet.fields": "created_at",
    expansions: "author_id",
    "user.fields": "name,username",
  });
  if (answer.status === 404) return { gone: goneSource("no such X account") };
  expectOk(answer);
  const timeline = parsed("twitter", timelineAnswer, answer);
  if ("errors" in timeline) return { gone: goneOf(timeline.errors) };
  const author = timeline.includes?.users?.find((user) => user.id === userId);
  return { posts: (timeline.data ?? []).map((post) => postItem(post, author)) };
}

/** X names the cause in each problem's type: resource-not-found (deleted, suspended) or not-authorized-for-resource (protected). */
function goneOf(problems: XProblem[]): SourcePoll {
  if (problems.some((problem) => problem.type?.endsWith("/not-authorized-for-resource"))) return goneSource("the X account is protected", "source_private");
  if (problems.some((problem) => problem.type?.endsWith("/resource-not-found"))) return goneSource(problems[0]?.detail ?? "no such X account");
  throw new ProviderError("twitter", "bad_answer", `twitter answered ${problems.map((problem) => problem.type ?? problem.title).join(", ")}`);
}

function postItem(post: XPost, author: XUser | undefined): PolledItem {
  const published = post.created_at ? new Date(post.created_at).toISOString() : null;
  const handle = author?.username ?? "i";
  const link = `https://x.com/${handle}/status/${post.id}`;
  return { key: post.id, url: link, values: { author: author?.name ?? handle, title: post.text, link, published: publishedValue(published) }, published_at: published };
}

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
