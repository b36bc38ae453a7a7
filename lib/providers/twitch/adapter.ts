import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { TWITCH_LOGIN } from "@/lib/plugins/twitch/definition";
import { batches, eachLimited, goneSource, POLL_CONCURRENCY, uniqueIds } from "../poll";
import type { LatestItem, PolledItem, PollSource, ProviderAdapter, SourceAccount, SourcePoll } from "../types";
import { twitchCredentials, helixGet } from "./helix";
import { channelsAnswer, followersAnswer, searchChannelsAnswer, streamsAnswer, usersAnswer, type HelixStream, type HelixUser } from "./schemas";

// Twitch through Helix: a source is a broadcaster, stored by user id; people type the login.

const SEARCH_SIZE = 10;
/** Helix takes at most 100 ids or logins per call. */
export const TWITCH_BATCH = 100;
const THUMBNAIL_SIZE = { width: "1280", height: "720" };

const channelUrl = (login: string) => `https://www.twitch.tv/${login}`;
const avatarOf = (url: string) => url || null;
const isUserId = (text: string) => /^\d{1,20}$/.test(text);

/**
 * The follower total, or null when Helix will not tell it: /channels/followers is documented
 * for user tokens, so a refusal of the app token must not fail the search around it.
 */
async function followersOf(id: string): Promise<number | null> {
  try {
    return (await helixGet("channels/followers", [["broadcaster_id", id]], followersAnswer)).total;
  } catch {
    return null;
  }
}

/** The live streams of up to 100 user ids: one Helix call (`first=100`, or Helix pages them by 20). */
async function liveStreams(ids: string[]): Promise<HelixStream[]> {
  const params: [string, string][] = [...ids.map((id): [string, string] => ["user_id", id]), ["first", String(TWITCH_BATCH)]];
  return (await helixGet("streams", params, streamsAnswer)).data.filter((stream) => stream.type === "live");
}

/** Live broadcasters among `ids` (one call per 100). */
async function liveIds(ids: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (const batch of batches(ids, TWITCH_BATCH)) for (const stream of await liveStreams(batch)) live.add(stream.user_id);
  return live;
}

/** Users by id or login (up to 100 per call), with their followers and whether they are live. */
export async function twitchUsers(idsOrLogins: string[]): Promise<SourceAccount[]> {
  const users: HelixUser[] = [];
  for (let start = 0; start < idsOrLogins.length; start += TWITCH_BATCH) {
    const batch = idsOrLogins.slice(start, start + TWITCH_BATCH);
    const params = batch.map((value): [string, string] => (isUserId(value) ? ["id", value] : ["login", value.toLowerCase()]));
    users.push(...(await helixGet("users", params, usersAnswer)).data);
  }
  return accountsOf(users);
}

async function accountsOf(users: HelixUser[]): Promise<SourceAccount[]> {
  const [live, followers] = await Promise.all([liveIds(users.map((user) => user.id)), Promise.all(users.map((user) => followersOf(user.id)))]);
  return users.map((user, index) => ({
    id: user.id,
    name: user.login,
    display_name: user.display_name,
    avatar_url: avatarOf(user.profile_image_url),
    followers: followers[index]!,
    url: channelUrl(user.login),
    live: live.has(user.id),
  }));
}

async function search(query: string): Promise<SourceAccount[]> {
  const { data } = await helixGet("search/channels", [["query", query], ["first", String(SEARCH_SIZE)]], searchChannelsAnswer);
  const followers = await Promise.all(data.map((channel) => followersOf(channel.id)));
  return data.map((channel, index) => ({
    id: channel.id,
    name: channel.broadcaster_login,
    display_name: channel.display_name,
    avatar_url: avatarOf(channel.thumbnail_url),
    followers: followers[index]!,
    url: channelUrl(channel.broadcaster_login),
    live: channel.is_live,
  }));
}

async function lookup(idOrLogin: string): Promise<SourceAccount | null> {
  const text = idOrLogin.trim();
  // Logins may be all digits too: a number is asked for as an id and as a login, the id first.
  const params: [string, string][] = [];
  if (isUserId(text)) params.push(["id", text]);
  if (TWITCH_LOGIN.test(text)) params.push(["login", text.toLowerCase()]);
  if (params.length === 0) return null;
  const { data } = await helixGet("users", params, usersAnswer);
  const user = data.find((item) => item.id === text) ?? data[0];
  return user ? ((await accountsOf([user]))[0] ?? null) : null;
}

/** The live stream, or (offline) the channel's current title and game: what the alert would say. */
async function latest(id: string): Promise<LatestItem | null> {
  const [stream] = await liveStreams([id]);
  if (stream) return streamItem(stream);
  const [{ data: channels }, { data: users }] = await Promise.all([helixGet("channels", [["broadcaster_id", id]], channelsAnswer), helixGet("users", [["id", id]], usersAnswer)]);
  const channel = channels[0];
  const user = users[0];
  if (!channel || !user) return null;
  return {
    values: {
      streamer: channel.broadcaster_name,
      title: channel.title,
      url: channelUrl(channel.broadcaster_login),
      game: channel.game_name,
      thumbnail: user.offline_image_url || user.profile_image_url,
      viewers: "0",
    },
    published_at: null,
  };
}

/** A live stream as the alert's variables. */
function streamItem(stream: HelixStream): LatestItem {
  return {
    values: {
      streamer: stream.user_name,
      title: stream.title,
      url: channelUrl(stream.user_login),
      game: stream.game_name,
      thumbnail: stream.thumbnail_url.replace("{width}", THUMBNAIL_SIZE.width).replace("{height}", THUMBNAIL_SIZE.height),
      viewers: String(stream.viewer_count),
    },
    published_at: stream.started_at || null,
  };
}

/**
 * Who is live among the sources: Helix's streams, 100 user ids a call and nothing else (2,000
 * streamers are 20 calls). A live broadcaster's item is its stream, keyed by the stream's id, so
 * going live again is a new item; offline is no item. Helix's streams do not tell a deleted
 * account from an offline one, and asking /users too would double the calls: those stay offline.
 */
async function poll(sources: readonly PollSource[]): Promise<Map<string, SourcePoll>> {
  const ids = uniqueIds(sources);
  const userIds = ids.filter(isUserId);
  const streams = (await eachLimited(batches(userIds, TWITCH_BATCH), POLL_CONCURRENCY, liveStreams)).flat();
  const live = new Map<string, PolledItem>(streams.map((stream) => [stream.user_id, { ...streamItem(stream), key: stream.id, url: channelUrl(stream.user_login) }]));
  return new Map(
    ids.map((id): [string, SourcePoll] => {
      if (!isUserId(id)) return [id, goneSource("not a Twitch user id")];
      const item = live.get(id);
      return [id, { ok: true, items: item ? [item] : [], state: {} }];
    }),
  );
}

export const twitchAdapter: ProviderAdapter = {
  id: "twitch",
  variables: PROVIDER_VARIABLES.twitch,
  configured: () => twitchCredentials() !== null,
  search,
  lookup,
  latest,
  poll,
};
