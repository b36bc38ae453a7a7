import type { FakeRequest, SocialFake } from "../fakes";
import { nowIso, restorer, type FakeControl } from "../control";
import { FAKE_CLIENT } from "../credentials";
import { replyJson } from "../reply";
import { bearerOf, tokenRequestFields, tokenStore } from "../token-store";
import { TWITCH_USERS, twitchAvatar, type FakeTwitchUser } from "./data";

// Twitch as the adapter sees it: the OAuth token endpoint (`/twitch/id/oauth2/token`,
// client-credentials grant) and the Helix endpoints it calls (`/twitch/helix/…`), with Helix's
// auth checks (Bearer app token + matching Client-Id), error JSON and Ratelimit-* headers.

/** The social fake's one app (emulators/social/credentials.ts): its OAuth pages accept the same. */
export const TWITCH_FAKE_CLIENT = FAKE_CLIENT;
const TOKEN_LIFETIME_SECONDS = 5_011_271;
const PER_MINUTE = 800;

export const twitchTokens = tokenStore();

const unauthorized = (request: FakeRequest, message: string) => replyJson(request.res, 401, { error: "Unauthorized", status: 401, message });
const badRequest = (request: FakeRequest, message: string) => replyJson(request.res, 400, { error: "Bad Request", status: 400, message });

function issueToken({ res, body, url }: FakeRequest) {
  const fields = tokenRequestFields(body, url);
  if (fields.get("client_id") !== TWITCH_FAKE_CLIENT.id) return replyJson(res, 400, { status: 400, message: "invalid client" });
  if (fields.get("client_secret") !== TWITCH_FAKE_CLIENT.secret) return replyJson(res, 403, { status: 403, message: "invalid client secret" });
  if (fields.get("grant_type") !== "client_credentials") return replyJson(res, 400, { status: 400, message: "unsupported grant type" });
  return replyJson(res, 200, { access_token: twitchTokens.issue(TOKEN_LIFETIME_SECONDS), expires_in: TOKEN_LIFETIME_SECONDS, token_type: "bearer" });
}

const liveThumbnail = (user: FakeTwitchUser) => `https://static-cdn.jtvnw.net/previews-ttv/live_user_${user.login}-{width}x{height}.jpg`;

const userJson = (user: FakeTwitchUser) => ({
  id: user.id,
  login: user.login,
  display_name: user.display_name,
  type: "",
  broadcaster_type: user.broadcaster_type,
  description: user.description,
  profile_image_url: twitchAvatar(user),
  offline_image_url: "",
  view_count: 0,
  created_at: user.created_at,
});

const searchJson = (user: FakeTwitchUser) => ({
  broadcaster_language: "en",
  broadcaster_login: user.login,
  display_name: user.display_name,
  game_id: user.game_id,
  game_name: user.game_name,
  id: user.id,
  is_live: Boolean(user.stream),
  tag_ids: [],
  tags: user.tags,
  thumbnail_url: twitchAvatar(user),
  title: user.title,
  started_at: user.stream?.started_at ?? "",
});

const streamJson = (user: FakeTwitchUser) => ({
  id: user.stream!.id,
  user_id: user.id,
  user_login: user.login,
  user_name: user.display_name,
  game_id: user.game_id,
  game_name: user.game_name,
  type: "live",
  title: user.title,
  tags: user.tags,
  viewer_count: user.stream!.viewer_count,
  started_at: user.stream!.started_at,
  language: "en",
  thumbnail_url: liveThumbnail(user),
  tag_ids: [],
  is_mature: false,
});

const channelJson = (user: FakeTwitchUser) => ({
  broadcaster_id: user.id,
  broadcaster_login: user.login,
  broadcaster_name: user.display_name,
  broadcaster_language: "en",
  game_id: user.game_id,
  game_name: user.game_name,
  title: user.title,
  delay: 0,
  tags: user.tags,
  content_classification_labels: [],
  is_branded_content: false,
});

function helix(request: FakeRequest, resource: string): boolean {
  const { req, res, url } = request;
  const token = bearerOf(req.headers.authorization);
  if (!token) return unauthorized(request, "OAuth token is missing");
  if (!twitchTokens.valid(token)) return unauthorized(request, "Invalid OAuth token");
  if (req.headers["client-id"] !== TWITCH_FAKE_CLIENT.id) return unauthorized(request, "Client ID and OAuth token do not match");
  res.setHeader("Ratelimit-Limit", String(PER_MINUTE));
  res.setHeader("Ratelimit-Remaining", String(PER_MINUTE - 1));
  res.setHeader("Ratelimit-Reset", String(Math.ceil(Date.now() / 1000) + 60));
  const all = (name: string) => url.searchParams.getAll(name);
  const byIds = (ids: string[]) => TWITCH_USERS.filter((user) => ids.includes(user.id));
  switch (resource) {
    case "search/channels": {
      const query = (url.searchParams.get("query") ?? "").trim().toLowerCase();
      if (!query) return badRequest(request, "Missing required parameter \"query\"");
      const first = Number(url.searchParams.get("first") ?? 20);
      if (!Number.isInteger(first) || first < 1 || first > 100) return badRequest(request, "Invalid parameter \"first\"");
      const found = TWITCH_USERS.filter((user) => user.login.includes(query.replace(/\s+/g, "")) || user.display_name.toLowerCase().includes(query));
      const liveOnly = url.searchParams.get("live_only") === "true";
      return replyJson(res, 200, { data: found.filter((user) => !liveOnly || user.stream).slice(0, first).map(searchJson), pagination: {} });
    }
    case "users": {
      const ids = all("id");
      const logins = all("login").map((login) => login.toLowerCase());
      if (ids.length + logins.length > 100) return badRequest(request, "The sum of the id and login parameters may not exceed 100");
      const found = TWITCH_USERS.filter((user) => ids.includes(user.id) || logins.includes(user.login));
      return replyJson(res, 200, { data: found.map(userJson) });
    }
    case "channels/followers": {
      const [user] = byIds(all("broadcaster_id"));
      if (!user) return badRequest(request, "Missing required parameter \"broadcaster_id\"");
      // An app token sees only the total, as Helix answers without a moderator's user token.
      return replyJson(res, 200, { total: user.followers, data: [], pagination: {} });
    }
    case "streams": {
      const ids = all("user_id");
      const logins = all("user_login").map((login) => login.toLowerCase());
      if (ids.length + logins.length > 100) return badRequest(request, "Too many user ids or logins");
      // Helix pages streams by `first` (20 unless asked, at most 100).
      const first = Number(url.searchParams.get("first") ?? 20);
      if (!Number.isInteger(first) || first < 1 || first > 100) return badRequest(request, "Invalid parameter \"first\"");
      const live = TWITCH_USERS.filter((user) => user.stream && (ids.includes(user.id) || logins.includes(user.login)));
      return replyJson(res, 200, { data: live.slice(0, first).map(streamJson), pagination: live.length > first ? { cursor: Buffer.from(String(first)).toString("base64") } : {} });
    }
    case "channels": {
      const ids = all("broadcaster_id");
      if (ids.length === 0) return badRequest(request, "Missing required parameter \"broadcaster_id\"");
      if (ids.length > 100) return badRequest(request, "Too many broadcaster ids");
      return replyJson(res, 200, { data: byIds(ids).map(channelJson) });
    }
    default:
      return false;
  }
}

/** Stream ids only grow, across resets too: going live again is always a new stream. */
let nextStreamId = 40952121100;

const twitchControl: FakeControl = {
  providers: ["twitch"],
  live({ login, live, title }) {
    const user = TWITCH_USERS.find((item) => item.login === login.toLowerCase() || item.id === login);
    if (!user) return null;
    if (title) user.title = title;
    if (!live) delete user.stream;
    else user.stream ??= { id: String(nextStreamId++), started_at: nowIso(), viewer_count: 1 };
    return { live: Boolean(user.stream), stream_id: user.stream?.id ?? null, started_at: user.stream?.started_at ?? null };
  },
  reset: restorer(TWITCH_USERS),
};

export const twitchFake: SocialFake = {
  segment: "twitch",
  handle(request) {
    const [root, ...rest] = request.path;
    const method = request.req.method;
    if (root === "id" && method === "POST" && rest.join("/") === "oauth2/token") return issueToken(request);
    if (root === "helix" && method === "GET") return helix(request, rest.join("/"));
    return false;
  },
  env: (base) => ({
    TWITCH_API_URL: `${base}/twitch/helix`,
    TWITCH_AUTH_URL: `${base}/twitch/id`,
    TWITCH_CLIENT_ID: TWITCH_FAKE_CLIENT.id,
    TWITCH_CLIENT_SECRET: TWITCH_FAKE_CLIENT.secret,
  }),
  configuredBy: ["TWITCH_CLIENT_ID", "TWITCH_CLIENT_SECRET"],
  control: twitchControl,
};
