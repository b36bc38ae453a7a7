import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { LOOKUP_POLICY, providerCached } from "../cache";
import { ProviderError } from "../errors";
import { imageUrl, isoFromSeconds } from "../handles";
import { parsed } from "../provider-call";
import { batches, eachLimited, goneSource, POLL_CONCURRENCY, POLL_ITEMS, uniqueIds } from "../poll";
import type { LatestItem, PollSource, ProviderAdapter, SourceAccount, SourcePoll } from "../types";
import { redditConfigured, redditGet } from "./client";
import { aboutAnswer, postListing, subredditListing, subredditThing, type RedditPost, type SubredditData } from "./schemas";

// Subreddits as sources. A subreddit's stable id is its t5_ fullname (names are unique but
// can only be looked up by name, so both are accepted); its latest item is its newest post.

const SEARCH_LIMIT = 10;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;
const FULLNAME = /^t5_[a-z0-9]+$/;
/** /api/info takes up to 100 fullnames. */
const INFO_BATCH = 100;

export const redditAdapter: ProviderAdapter = {
  id: "reddit",
  variables: PROVIDER_VARIABLES.reddit,
  configured: redditConfigured,

  async search(query) {
    const answer = await redditGet("/subreddits/search", { q: query, limit: String(SEARCH_LIMIT) });
    const listing = parsed("reddit", subredditListing, answer);
    // A child that is not a subreddit (Reddit mixes in nothing else today) is skipped, not fatal.
    return listing.data.children.flatMap((child) => {
      const thing = subredditThing.safeParse(child);
      return thing.success ? [account(thing.data.data)] : [];
    });
  },

  async lookup(idOrName) {
    const wanted = idOrName.trim();
    if (FULLNAME.test(wanted)) {
      const listing = parsed("reddit", subredditListing, await redditGet("/api/info", { id: wanted }));
      const thing = subredditThing.safeParse(listing.data.children[0]);
      return thing.success ? account(thing.data.data) : null;
    }
    const name = subredditName(wanted);
    if (!name) return null;
    const answer = await redditGet(`/r/${name}/about`);
    // Unknown (404, or a redirect to search), private or banned (403): nothing we can follow.
    if (answer.status === 404 || answer.status === 403 || (answer.status >= 300 && answer.status < 400)) return null;
    if (answer.status !== 200) throw new ProviderError("reddit", "bad_answer", `reddit answered ${answer.status}`);
    const about = parsed("reddit", aboutAnswer, answer);
    return about.kind === "t5" ? account(about.data) : null;
  },

  async latest(id): Promise<LatestItem | null> {
    const name = FULLNAME.test(id) ? (await providerCached(`lookup:reddit:${id}`, LOOKUP_POLICY, () => redditAdapter.lookup(id)))?.name : subredditName(id);
    if (!name) return null;
    const posts = await newPosts(name, 1);
    return posts.ok && posts.posts[0] ? postItem(posts.posts[0]) : null;
  },

  /**
   * New posts: the subreddits stored by fullname named in one /api/info call per 100 (which also
   * tells those that no longer exist), then each one's newest 20 posts (Reddit lists one
   * subreddit's "new" per call: a multireddit's 100 would let a busy one crowd out a quiet one).
   */
  async poll(sources: readonly PollSource[]): Promise<Map<string, SourcePoll>> {
    const ids = uniqueIds(sources);
    const infos = await eachLimited(batches(ids.filter((id) => FULLNAME.test(id)), INFO_BATCH), POLL_CONCURRENCY, async (batch) =>
      parsed("reddit", subredditListing, await redditGet("/api/info", { id: batch.join(",") })).data.children.flatMap((child) => {
        const thing = subredditThing.safeParse(child);
        return thing.success ? [thing.data.data] : [];
      }),
    );
    const nameOf = new Map(infos.flat().map((data) => [data.name, data.display_name]));
    const answers = await eachLimited(ids, POLL_CONCURRENCY, async (id): Promise<SourcePoll> => {
      const name = FULLNAME.test(id) ? nameOf.get(id) : subredditName(id);
      if (!name) return goneSource(FULLNAME.test(id) ? "no such subreddit" : "not a subreddit name");
      const found = await newPosts(name, POLL_ITEMS);
      if (!found.ok) return found.gone;
      return { ok: true, items: found.posts.map((post) => ({ ...postItem(post), key: post.name, url: `https://www.reddit.com${post.permalink}` })), state: {} };
    });
    return new Map(ids.map((id, index) => [id, answers[index]!]));
  },
};

/** A subreddit's newest posts, newest first; or why it cannot be read any more. */
async function newPosts(name: string, limit: number): Promise<{ ok: true; posts: RedditPost[] } | { ok: false; gone: SourcePoll }> {
  const answer = await redditGet(`/r/${name}/new`, { limit: String(limit) });
  // Private or quarantined: 403; banned or unknown: 404, or a redirect to the search.
  if (answer.status === 403) return { ok: false, gone: goneSource(`r/${name} is private`, "source_private") };
  if (answer.status === 404 || (answer.status >= 300 && answer.status < 400)) return { ok: false, gone: goneSource(`r/${name} does not exist`) };
  if (answer.status !== 200) throw new ProviderError("reddit", "bad_answer", `reddit answered ${answer.status}`);
  return { ok: true, posts: parsed("reddit", postListing, answer).data.children.map((child) => child.data) };
}

function postItem(post: RedditPost): LatestItem {
  const published = isoFromSeconds(post.created_utc);
  return {
    values: { author: `u/${post.author}`, title: post.title, link: `https://www.reddit.com${post.permalink}`, published: publishedValue(published), subreddit: post.subreddit_name_prefixed.replace(/^r\//, "") },
    published_at: published,
  };
}

/** "r/ada", "/r/ada/", "reddit.com/r/ada" or "ada" → "ada". */
function subredditName(text: string): string | null {
  const name = text.replace(/^(?:https?:\/\/)?(?:(?:www|old|new)\.)?(?:reddit\.com)?\/?r\//i, "").replace(/\/.*$/, "");
  return NAME.test(name) ? name : null;
}

function account(data: SubredditData): SourceAccount {
  return {
    id: data.name,
    name: data.display_name,
    display_name: data.display_name_prefixed,
    avatar_url: imageUrl(data.community_icon) ?? imageUrl(data.icon_img),
    followers: data.subscribers ?? null,
    url: `https://www.reddit.com${data.url}`,
  };
}
