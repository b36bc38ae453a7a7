import { restorer, type FakeControl } from "../control";
import type { FakeRequest, SocialFake } from "../fakes";
import { replyJson } from "../reply";
import { bearerOf, tokenRequestFields, tokenStore } from "../token-store";
import { KICK_CHANNELS, kickAvatar, type FakeKickChannel } from "./data";

// Kick's public API as the adapter calls it (https://docs.kick.com): the OAuth server's
// client-credentials grant (`/kick/id/oauth/token`) and `/kick/api/public/v1/channels`,
// `users` and `livestreams`, each refusing a missing or unknown Bearer token with 401.

export const KICK_FAKE_CLIENT = { id: "fake-kick-client", secret: "fake-kick-secret" };
const TOKEN_LIFETIME_SECONDS = 3600;

export const kickTokens = tokenStore();

const ok = ({ res }: FakeRequest, data: unknown) => replyJson(res, 200, { data, message: "OK" });
const badRequest = ({ res }: FakeRequest, message: string) => replyJson(res, 400, { data: {}, message });

function issueToken(request: FakeRequest) {
  const fields = tokenRequestFields(request.body, request.url);
  if (fields.get("grant_type") !== "client_credentials") return replyJson(request.res, 400, { error: "unsupported_grant_type", error_description: "grant type not supported" });
  if (fields.get("client_id") !== KICK_FAKE_CLIENT.id || fields.get("client_secret") !== KICK_FAKE_CLIENT.secret) {
    return replyJson(request.res, 401, { error: "invalid_client", error_description: "client authentication failed" });
  }
  return replyJson(request.res, 200, { access_token: kickTokens.issue(TOKEN_LIFETIME_SECONDS), token_type: "Bearer", expires_in: TOKEN_LIFETIME_SECONDS });
}

const thumbnail = (channel: FakeKickChannel) => `https://images.kick.com/video_thumbnails/${channel.slug}/live/720.webp`;

const channelJson = (channel: FakeKickChannel) => ({
  banner_picture: "",
  broadcaster_user_id: channel.broadcaster_user_id,
  category: { id: channel.category.id, name: channel.category.name, thumbnail: "" },
  channel_description: channel.description,
  slug: channel.slug,
  stream: {
    is_live: Boolean(channel.stream),
    is_mature: false,
    key: "",
    language: "en",
    start_time: channel.stream?.started_at ?? "0001-01-01T00:00:00Z",
    thumbnail: channel.stream ? thumbnail(channel) : "",
    url: "",
    viewer_count: channel.stream?.viewer_count ?? 0,
  },
  stream_title: channel.stream_title,
});

const livestreamJson = (channel: FakeKickChannel) => ({
  broadcaster_user_id: channel.broadcaster_user_id,
  category: { id: channel.category.id, name: channel.category.name, thumbnail: "" },
  channel_id: channel.broadcaster_user_id,
  has_mature_content: false,
  language: "en",
  slug: channel.slug,
  started_at: channel.stream!.started_at,
  stream_title: channel.stream_title,
  thumbnail: thumbnail(channel),
  viewer_count: channel.stream!.viewer_count,
  profile_picture: kickAvatar(channel),
});

function api(request: FakeRequest, resource: string): boolean {
  const { req, res, url } = request;
  if (!kickTokens.valid(bearerOf(req.headers.authorization))) return replyJson(res, 401, { data: {}, message: "Unauthorized" });
  const numbers = (name: string) => url.searchParams.getAll(name).map(Number);
  switch (resource) {
    case "channels": {
      const ids = numbers("broadcaster_user_id");
      const slugs = url.searchParams.getAll("slug").map((slug) => slug.toLowerCase());
      if (ids.length > 0 && slugs.length > 0) return badRequest(request, "broadcaster_user_id and slug cannot be used together");
      if (ids.length > 50 || slugs.length > 50) return badRequest(request, "at most 50 values");
      return ok(request, KICK_CHANNELS.filter((channel) => ids.includes(channel.broadcaster_user_id) || slugs.includes(channel.slug)).map(channelJson));
    }
    case "users": {
      const ids = numbers("id");
      if (ids.length > 50) return badRequest(request, "at most 50 values");
      const found = KICK_CHANNELS.filter((channel) => ids.includes(channel.broadcaster_user_id));
      return ok(request, found.map((channel) => ({ email: "", name: channel.name, profile_picture: kickAvatar(channel), user_id: channel.broadcaster_user_id })));
    }
    case "livestreams": {
      const ids = numbers("broadcaster_user_id");
      const live = KICK_CHANNELS.filter((channel) => channel.stream && (ids.length === 0 || ids.includes(channel.broadcaster_user_id)));
      return ok(request, live.map(livestreamJson));
    }
    default:
      return false;
  }
}

/** Kick's streams have no id: a session is its start, so each going live starts later than the last. */
let lastStart = 0;

const kickControl: FakeControl = {
  providers: ["kick"],
  live({ login, live, title }) {
    const channel = KICK_CHANNELS.find((item) => item.slug === login.toLowerCase() || String(item.broadcaster_user_id) === login);
    if (!channel) return null;
    if (title) channel.stream_title = title;
    if (!live) delete channel.stream;
    else if (!channel.stream) {
      lastStart = Math.max(Math.floor(Date.now() / 1000), lastStart + 1);
      channel.stream = { started_at: new Date(lastStart * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"), viewer_count: 1 };
    }
    return { live: Boolean(channel.stream), started_at: channel.stream?.started_at ?? null };
  },
  reset: restorer(KICK_CHANNELS),
};

export const kickFake: SocialFake = {
  segment: "kick",
  handle(request) {
    const path = request.path.join("/");
    if (request.req.method === "POST" && path === "id/oauth/token") return issueToken(request);
    const match = /^api\/public\/v1\/(channels|users|livestreams)$/.exec(path);
    if (request.req.method === "GET" && match) return api(request, match[1]!);
    return false;
  },
  env: (base) => ({ KICK_API_URL: `${base}/kick/api`, KICK_AUTH_URL: `${base}/kick/id`, KICK_CLIENT_ID: KICK_FAKE_CLIENT.id, KICK_CLIENT_SECRET: KICK_FAKE_CLIENT.secret }),
  configuredBy: ["KICK_CLIENT_ID", "KICK_CLIENT_SECRET"],
  control: kickControl,
};
