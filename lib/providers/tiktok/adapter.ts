import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { publishedValue } from "../published";
import { LOOKUP_POLICY, providerCached } from "../cache";
import { ProviderError } from "../errors";
import { handleFrom, imageUrl, isoFromSeconds } from "../handles";
import { parsed } from "../provider-call";
import type { LatestItem, ProviderAdapter, SourceAccount } from "../types";
import { tiktokConfigured, tiktokPost } from "./client";
import { userInfoAnswer, videoQueryAnswer } from "./schemas";

// TikTok accounts as sources. The Research API reaches an account only by its username (it
// returns no user id), so the username is the stored id, and a search looks up what was typed
// as an exact username: TikTok offers apps no account search.

const USERNAME = /^[A-Za-z0-9_.]{2,24}$/;
const USER_FIELDS = "display_name,avatar_url,follower_count,is_verified";
const VIDEO_FIELDS = "id,create_time,username,video_description";
/** The video query spans at most 30 days. */
const WINDOW_DAYS = 29;

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
    const source = await providerCached(`lookup:tiktok:${id}`, LOOKUP_POLICY, () => tiktokAdapter.lookup(id));
    if (!source) return null;
    const today = new Date();
    const answer = parsed(
      "tiktok",
      videoQueryAnswer,
      await tiktokPost("/v2/research/video/query/", VIDEO_FIELDS, {
        query: { and: [{ operation: "EQ", field_name: "username", field_values: [source.name] }] },
        start_date: day(new Date(today.getTime() - WINDOW_DAYS * 86_400_000)),
        end_date: day(today),
        max_count: 20,
      }),
    );
    if (answer.error.code !== "ok") throw new ProviderError("tiktok", "bad_answer", `tiktok answered ${answer.error.code}`);
    // The query does not promise an order: the newest is the one created last.
    const video = answer.data?.videos.reduce<(typeof answer.data.videos)[number] | undefined>((best, item) => (!best || item.create_time > best.create_time ? item : best), undefined);
    if (!video) return null;
    const published = isoFromSeconds(video.create_time);
    return {
      values: { author: source.display_name, title: video.video_description ?? "", link: `https://www.tiktok.com/@${video.username}/video/${video.id}`, published: publishedValue(published) },
      published_at: published,
    };
  },
};

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
