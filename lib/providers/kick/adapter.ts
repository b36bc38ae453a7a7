import "server-only";
import { PROVIDER_VARIABLES } from "../variables";
import { batches, eachLimited, goneSource, POLL_CONCURRENCY, uniqueIds } from "../poll";
import type { LatestItem, PolledItem, PollSource, ProviderAdapter, SourceAccount, SourcePoll } from "../types";
import { kickCredentials, kickGet } from "./public-api";
import { channelsAnswer, livestreamsAnswer, usersAnswer, type KickChannel } from "./schemas";

// Kick through its public API: a source is a channel, stored by its broadcaster user id;
// people type its slug. The public API has no follower counts (followers stay null).

const SLUG = /^[a-z0-9][a-z0-9_-]{0,24}$/;
/** The public API takes at most 50 ids per call. */
const KICK_BATCH = 50;
const isUserId = (text: string) => /^\d{1,15}$/.test(text);
const channelUrl = (slug: string) => `https://kick.com/${slug}`;

/** What someone may type for a channel: a slug, @slug or its kick.com link. */
function slugsFor(query: string): string[] {
  const text = query.trim().toLowerCase().replace(/^(https?:\/\/)?(www\.)?kick\.com\//, "").replace(/^@/, "").replace(/\/$/, "");
  // Most slugs turn a username's underscores into hyphens; some keep them: ask for both.
  return [...new Set([text, text.replaceAll("_", "-")])].filter((slug) => SLUG.test(slug));
}

async function accountsOf(channels: KickChannel[]): Promise<SourceAccount[]> {
  if (channels.length === 0) return [];
  const { data: users } = await kickGet("users", channels.map((channel) => ["id", String(channel.broadcaster_user_id)]), usersAnswer);
  const byId = new Map(users.map((user) => [user.user_id, user]));
  return channels.map((channel) => {
    const user = byId.get(channel.broadcaster_user_id);
    return {
      id: String(channel.broadcaster_user_id),
      name: channel.slug,
      display_name: user?.name || channel.slug,
      avatar_url: user?.profile_picture || null,
      followers: null,
      url: channelUrl(channel.slug),
      live: channel.stream?.is_live ?? false,
    };
  });
}

/** Kick has no public search endpoint: the query is looked up as a channel slug. */
async function search(query: string): Promise<SourceAccount[]> {
  const slugs = slugsFor(query);
  if (slugs.length === 0) return [];
  const { data } = await kickGet("channels", slugs.map((slug) => ["slug", slug]), channelsAnswer);
  return accountsOf(data);
}

async function channelOf(idOrSlug: string): Promise<KickChannel | null> {
  const text = idOrSlug.trim();
  const params: [string, string][] = isUserId(text) ? [["broadcaster_user_id", text]] : slugsFor(text).slice(0, 1).map((slug) => ["slug", slug]);
  if (params.length === 0) return null;
  const { data } = await kickGet("channels", params, channelsAnswer);
  return data[0] ?? null;
}

async function lookup(idOrSlug: string): Promise<SourceAccount | null> {
  const channel = await channelOf(idOrSlug);
  return channel ? ((await accountsOf([channel]))[0] ?? null) : null;
}

type StreamFacts = { streamer: string; title: string; slug: string; game: string | undefined; thumbnail: string; viewers: number };

/** The alert variables of a channel's stream (or, offline, of its channel), as latest() and poll() both give them. */
const streamValues = (facts: StreamFacts) => ({
  streamer: facts.streamer,
  title: facts.title,
  url: channelUrl(facts.slug),
  game: facts.game ?? "",
  thumbnail: facts.thumbnail,
  viewers: String(facts.viewers),
});

/** The live stream, or (offline) the channel's current title and category. */
async function latest(id: string): Promise<LatestItem | null> {
  if (!isUserId(id)) return null;
  const [{ data: streams }, { data: users }] = await Promise.all([
    kickGet("livestreams", [["broadcaster_user_id", id]], livestreamsAnswer),
    kickGet("users", [["id", id]], usersAnswer),
  ]);
  const stream = streams.find((item) => String(item.broadcaster_user_id) === id);
  if (stream) {
    return {
      values: streamValues({ streamer: users[0]?.name || stream.slug, title: stream.stream_title, slug: stream.slug, game: stream.category?.name, thumbnail: stream.thumbnail, viewers: stream.viewer_count }),
      published_at: stream.started_at || null,
    };
  }
  const channel = await channelOf(id);
  if (!channel) return null;
  return {
    values: streamValues({ streamer: users[0]?.name || channel.slug, title: channel.stream_title, slug: channel.slug, game: channel.category?.name, thumbnail: users[0]?.profile_picture ?? "", viewers: 0 }),
    published_at: null,
  };
}

/**
 * Who is live among the sources: their channels, 50 a call (which also tells the channels that
 * no longer exist), and the names of those live, 50 a call. A live channel's item is its stream,
 * keyed by channel and start time (the public API gives streams no id), so going live again is
 * a new item; offline is no item.
 */
async function poll(sources: readonly PollSource[]): Promise<Map<string, SourcePoll>> {
  const ids = uniqueIds(sources);
  const channels = (await eachLimited(batches(ids.filter(isUserId), KICK_BATCH), POLL_CONCURRENCY, (batch) => kickGet("channels", batch.map((id) => ["broadcaster_user_id", id]), channelsAnswer))).flatMap(
    (answer) => answer.data,
  );
  const live = channels.filter((channel) => channel.stream?.is_live);
  const users = (await eachLimited(batches(live, KICK_BATCH), POLL_CONCURRENCY, (batch) => kickGet("users", batch.map((channel) => ["id", String(channel.broadcaster_user_id)]), usersAnswer))).flatMap(
    (answer) => answer.data,
  );
  const nameOf = new Map(users.map((user) => [String(user.user_id), user.name]));
  const byId = new Map(channels.map((channel) => [String(channel.broadcaster_user_id), channel]));
  return new Map(
    ids.map((id): [string, SourcePoll] => {
      const channel = byId.get(id);
      if (!channel) return [id, goneSource(isUserId(id) ? "no such Kick channel" : "not a Kick user id")];
      const stream = channel.stream?.is_live ? channel.stream : null;
      const item: PolledItem | null = stream && {
        key: `${id}:${stream.start_time}`,
        url: channelUrl(channel.slug),
        values: streamValues({ streamer: nameOf.get(id) || channel.slug, title: channel.stream_title, slug: channel.slug, game: channel.category?.name, thumbnail: stream.thumbnail, viewers: stream.viewer_count }),
        published_at: stream.start_time || null,
      };
      return [id, { ok: true, items: item ? [item] : [], state: {} }];
    }),
  );
}

export const kickAdapter: ProviderAdapter = {
  id: "kick",
  variables: PROVIDER_VARIABLES.kick,
  configured: () => kickCredentials() !== null,
  search,
  lookup,
  latest,
  poll,
};
