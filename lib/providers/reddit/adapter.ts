import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { LOOKUP_POLICY, providerCached } from "../cache";
import { ProviderError } from "../errors";
import { imageUrl, isoFromSeconds } from "../handles";
import { parsed } from "../provider-call";
import type { LatestItem, ProviderAdapter, SourceAccount } from "../types";
import { redditConfigured, redditGet } from "./client";
import { aboutAnswer, postListing, subredditListing, subredditThing, type SubredditData } from "./schemas";

// Subreddits as sources. A subreddit's stable id is its t5_ fullname (names are unique but
// can only be looked up by name, so both are accepted); its latest item is its newest post.

const SEARCH_LIMIT = 10;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;
const FULLNAME = /^t5_[a-z0-9]+$/;

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
    const answer = await redditGet(`/r/${name}/new`, { limit: "1" });
    if (answer.status === 404 || answer.status === 403) return null;
    const post = parsed("reddit", postListing, answer).data.children[0]?.data;
    if (!post) return null;
    const published = isoFromSeconds(post.created_utc);
    return {
      values: { author: `u/${post.author}`, title: post.title, link: `https://www.reddit.com${post.permalink}`, published: publishedValue(published), subreddit: post.subreddit_name_prefixed.replace(/^r\//, "") },
      published_at: published,
    };
  },
};

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
