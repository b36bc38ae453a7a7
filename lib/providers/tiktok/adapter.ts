import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { LOOKUP_POLICY, providerCached } from "../cache";
import { ProviderError } from "../errors";
import { handleFrom, imageUrl, isoFromSeconds } from "../handles";
import { parsed } from "../provider-call";
import { batches, eachLimited, goneSource, POLL_CONCURRENCY, POLL_ITEMS, uniqueIds } from "../poll";
import type { LatestItem, PolledItem, PollSource, ProviderAdapter, SourceAccount, SourcePoll } from "../types";
import { tiktokConfigured, tiktokPost } from "./client";
import { userInfoAnswer, videoQueryAnswer, type TiktokVideo } from "./schemas";

// TikTok accounts as sources. The Research API reaches an account only by its username (it
// returns no user id), so the username is the stored id, and a search looks up what was typed
// as an exact username: TikTok offers apps no account search.

const USERNAME = /^[A-Za-z0-9_.]{2,24}$/;
const USER_FIELDS = "display_name,avatar_url,follower_count,is_verified";
const VIDEO_FIELDS = "id,create_time,username,video_description";
/** The video query spans at most 30 days. */
const WINDOW_DAYS = 29;
/** A poll looks back over yesterday and today: new videos, whatever the time of day. */
const POLL_WINDOW_DAYS = 1;
/** Usernames per video query of a poll, and the pages of 100 videos it reads at most. */
const POLL_BATCH = 20;
const POLL_PAGES = 5;

export const tiktokAdapter: ProviderAdapter = {
  id: "tiktok",
  variables: PROVIDER_VARIABLES.tiktok,
  configured: tiktokConfigured,

  async search(query) {
    const account = await tiktokAdapter.lookup(query);
    return account ? [account] : [];
  },

  async lookup(idOrName) {
    const username = handleFrom(idOrName, ["tiktok.com"], USERNAME)?.toLowerCase();
    if (!username) return null;
    const answer = parsed("tiktok", userInfoAnswer, await tiktokPost("/v2/research/user/info/", USER_FIELDS, { username }));
    // invalid_params: no such account, or a private one the Research API does not show.
    if (answer.error.code === "invalid_params") return null;
    if (answer.error.code !== "ok" || !answer.data) throw new ProviderError("tiktok", "bad_answer", `tiktok answered ${answer.error.code}`);
    return account(username, answer.data);
  },

  async latest(id): Promise<LatestItem | null> {
    const source = await cachedLookup(id);
    if (!source) return null;
    const page = await videoPage({ query: { and: [{ operation: "EQ", field_name: "username", field_values: [source.name] }] }, ...dateRange(WINDOW_DAYS), max_count: 20 });
    const video = newestFirst(page.videos)[0];
    if (!video) return null;
    const { values, published_at } = videoItem(video, source.display_name);
    return { values, published_at };
  },

  /**
   * New videos: the accounts looked up (cached; an account TikTok no longer shows is gone), then
   * one video query for 20 of them at a time over yesterday and today, read to its end (pages of
   * 100, five at most), each account's newest 20 kept. The Research API allows apps 1,000
   * requests a day: one query per account would spend it within hours.
   */
  async poll(sources: readonly PollSource[]): Promise<Map<string, SourcePoll>> {
    const ids = uniqueIds(sources);
    const accounts = await eachLimited(ids, POLL_CONCURRENCY, cachedLookup);
    const found = accounts.filter((account): account is SourceAccount => account !== null);
    const videos = (await eachLimited(batches(found, POLL_BATCH), POLL_CONCURRENCY, (batch) => recentVideos(batch.map((account) => account.name)))).flat();
    return new Map(
      ids.map((id, index): [string, SourcePoll] => {
        const account = accounts[index];
        if (!account) return [id, goneSource("no such TikTok account, or a private one")];
        const own = newestFirst(videos.filter((video) => video.username.toLowerCase() === account.name)).slice(0, POLL_ITEMS);
        return [id, { ok: true, items: own.map((video) => videoItem(video, account.display_name)), state: {} }];
      }),
    );
  },
};

function cachedLookup(id: string): Promise<SourceAccount | null> {
  return providerCached(`lookup:tiktok:${id}`, LOOKUP_POLICY, () => tiktokAdapter.lookup(id));
}

type VideoQuery = { query: unknown; start_date: string; end_date: string; max_count: number; cursor?: number; search_id?: string };

async function videoPage(body: VideoQuery): Promise<{ videos: TiktokVideo[]; next: { cursor: number; search_id: string } | null }> {
  const answer = parsed("tiktok", videoQueryAnswer, await tiktokPost("/v2/research/video/query/", VIDEO_FIELDS, body));
  if (answer.error.code !== "ok") throw new ProviderError("tiktok", "bad_answer", `tiktok answered ${answer.error.code}`);
  const data = answer.data;
  const more = data?.has_more && data.cursor !== undefined && data.search_id ? { cursor: data.cursor, search_id: data.search_id } : null;
  return { videos: data?.videos ?? [], next: more };
}

/** The videos of `usernames` created yesterday or today, every page of them (up to POLL_PAGES). */
async function recentVideos(usernames: string[]): Promise<TiktokVideo[]> {
  const query: VideoQuery = { query: { and: [{ operation: "IN", field_name: "username", field_values: usernames }] }, ...dateRange(POLL_WINDOW_DAYS), max_count: 100 };
  const videos: TiktokVideo[] = [];
  for (let page = 0; page < POLL_PAGES; page += 1) {
    const { videos: found, next } = await videoPage(query);
    videos.push(...found);
    if (!next) break;
    Object.assign(query, next);
  }
  return videos;
}

/** The query does not promise an order: newest (created last) first. */
function newestFirst(videos: TiktokVideo[]): TiktokVideo[] {
  return [...videos].sort((a, b) => b.create_time - a.create_time);
}

function videoItem(video: TiktokVideo, author: string): PolledItem {
  const published = isoFromSeconds(video.create_time);
  const link = `https://www.tiktok.com/@${video.username}/video/${video.id}`;
  return { key: String(video.id), url: link, values: { author, title: video.video_description ?? "", link, published: publishedValue(published) }, published_at: published };
}

/** The query's dates: the last `days` days and today. */
function dateRange(days: number): { start_date: string; end_date: string } {
  const today = new Date();
  return { start_date: day(new Date(today.getTime() - days * 86_400_000)), end_date: day(today) };
}

function account(username: string, data: { display_name?: string; avatar_url?: string; follower_count?: number }): SourceAccount {
  return {
    id: username,
    name: username,
    display_name: data.display_name || username,
    avatar_url: imageUrl(data.avatar_url),
    followers: data.follower_count ?? null,
    url: `https://www.tiktok.com/@${username}`,
  };
}

/** YYYYMMDD in UTC, as the video query wants its dates. */
function day(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll("-", "");
}
