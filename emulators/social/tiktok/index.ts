import { randomBytes } from "node:crypto";
import { restorer, type FakeControl } from "../control";
import { FAKE_CLIENT } from "../credentials";
import type { FakeRequest, SocialFake } from "../fakes";
import { initialsAvatar, itemSeconds } from "../initials-avatar";
import { replyGarbled, replyJson, replyJsonText } from "../reply";
import { bearerOf, tokenStore } from "../token-store";

// TikTok API v2 under /tiktok (open.tiktokapis.com): a client token from POST /v2/oauth/token/
// (form: client_key, client_secret, grant_type=client_credentials), then the Research API's
// user info and video query, each answering { data, error: { code, message, log_id } }.
// The username "garbled" answers malformed JSON.

const CLIENT_KEY = FAKE_CLIENT.id;
const CLIENT_SECRET = FAKE_CLIENT.secret;

/** A video's `at`: the second the control API published it. */
type FakeTikToker = { username: string; display_name: string; followers: number; hue: number; videos: { id: string; text: string; hoursAgo: number; at?: number }[] };

const ACCOUNTS: FakeTikToker[] = [
  { username: "ada", display_name: "Ada ✨", followers: 15_400, hue: 340, videos: [{ id: "7360000000000000001", text: "Day 30 of learning to juggle 🤹", hoursAgo: 6 }] },
  {
    username: "ada.dances",
    display_name: "Ada Dances",
    followers: 231_800,
    hue: 280,
    videos: [
      { id: "7360000000000000012", text: "Swing routine, take two 💃 #dance", hoursAgo: 2 },
      { id: "7360000000000000011", text: "Warm-up with me", hoursAgo: 50 },
    ],
  },
  { username: "adacodes", display_name: "Ada Codes", followers: 8_900, hue: 140, videos: [{ id: "7360000000000000021", text: "A Discord bot in 60 seconds", hoursAgo: 12 }] },
  { username: "ada.quiet", display_name: "Ada (no videos yet)", followers: 3, hue: 60, videos: [] },
];

const TOKEN_LIFETIME_SECONDS = 7200;

export const tiktokTokens = tokenStore();
const logId = () => randomBytes(8).toString("hex").toUpperCase();
const ok = () => ({ code: "ok", message: "", log_id: logId() });

/** Video ids only grow, across resets too. */
let nextVideoId = 7360000000000001000n;

const tiktokControl: FakeControl = {
  providers: ["tiktok"],
  publish({ source, title }) {
    const account = ACCOUNTS.find((item) => item.username === source.replace(/^@/, "").toLowerCase());
    if (!account) return null;
    const id = String(nextVideoId++);
    account.videos.unshift({ id, text: title ?? "A new video", hoursAgo: 0, at: Math.floor(Date.now() / 1000) });
    return { id };
  },
  reset: restorer(ACCOUNTS),
};

export const tiktokFake: SocialFake = {
  segment: "tiktok",
  env: (base) => ({ TIKTOK_API_URL: `${base}/tiktok`, TIKTOK_CLIENT_KEY: CLIENT_KEY, TIKTOK_CLIENT_SECRET: CLIENT_SECRET }),
  configuredBy: ["TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET"],
  control: tiktokControl,
  handle(request) {
    if (request.req.method !== "POST") return false;
    const route = request.path.join("/");
    if (route === "v2/oauth/token") return token(request);
    if (route !== "v2/research/user/info" && route !== "v2/research/video/query") return false;
    if (!tiktokTokens.valid(bearerOf(request.req.headers.authorization))) {
      return replyJson(request.res, 401, { error: { code: "access_token_invalid", message: "The access token is invalid or not found in the request.", log_id: logId() } });
    }
    const body = parseBody(request.body);
    if (!body) return invalidParams(request, "Request body is not valid JSON.");
    return route === "v2/research/user/info" ? userInfo(request, body) : videoQuery(request, body);
  },
};

function token({ res, body }: FakeRequest): true {
  const form = new URLSearchParams(body);
  if (form.get("client_key") !== CLIENT_KEY || form.get("client_secret") !== CLIENT_SECRET) {
    return replyJson(res, 401, { error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: logId() });
  }
  if (form.get("grant_type") !== "client_credentials") return replyJson(res, 400, { error: "unsupported_grant_type", error_description: "Grant type is not supported.", log_id: logId() });
  return replyJson(res, 200, { access_token: tiktokTokens.issue(TOKEN_LIFETIME_SECONDS, "clt.fake"), expires_in: TOKEN_LIFETIME_SECONDS, token_type: "Bearer" });
}

function userInfo(request: FakeRequest, body: Record<string, unknown>): true {
  const username = typeof body.username === "string" ? body.username.toLowerCase() : "";
  if (username === "garbled") return replyGarbled(request.res);
  const account = ACCOUNTS.find((item) => item.username === username);
  if (!account) return invalidParams(request, `The user ${username || "(none)"} does not exist or is private.`);
  const fields = (request.url.searchParams.get("fields") ?? "").split(",");
  const all: Record<string, unknown> = {
    display_name: account.display_name,
    bio_description: "",
    avatar_url: initialsAvatar(account.display_name, account.hue),
    is_verified: account.followers > 100_000,
    follower_count: account.followers,
    following_count: 120,
    likes_count: account.followers * 9,
    video_count: account.videos.length,
  };
  return replyJson(request.res, 200, { data: Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]])), error: ok() });
}

function videoQuery(request: FakeRequest, body: Record<string, unknown>): true {
  const { start_date: start, end_date: end, max_count: max = 20, cursor = 0 } = body as { start_date?: string; end_date?: string; max_count?: number; cursor?: number };
  const from = dayStart(start);
  const to = dayStart(end);
  if (from === null || to === null || to < from || to - from > 30 * 86_400) return invalidParams(request, "start_date and end_date must be YYYYMMDD, at most 30 days apart.");
  if (!Number.isInteger(max) || max < 1 || max > 100) return invalidParams(request, "max_count must be between 1 and 100.");
  const clause = (body.query as { and?: { operation?: string; field_name?: string; field_values?: string[] }[] } | undefined)?.and?.find((item) => item.field_name === "username");
  const names = clause && (clause.operation === "EQ" || clause.operation === "IN") ? (clause.field_values ?? []).map((name) => name.toLowerCase()) : [];
  const videos = ACCOUNTS.filter((account) => names.includes(account.username)).flatMap((account) =>
    account.videos.map((video) => ({ id: video.id, create_time: itemSeconds(video), username: account.username, video_description: video.text })),
  );
  if (!Number.isInteger(cursor) || cursor < 0) return invalidParams(request, "cursor must be a whole number.");
  const inRange = videos.filter((video) => video.create_time >= from && video.create_time < to + 86_400);
  // Pages of `max_count`: the next page is asked for with the cursor (and search_id) this one gave.
  const page = inRange.slice(cursor, cursor + max);
  const data = { videos: page, cursor: cursor + page.length, has_more: cursor + page.length < inRange.length, search_id: typeof body.search_id === "string" ? body.search_id : logId() };
  // Video ids are int64 JSON numbers, as TikTok sends them (too long for a JavaScript number).
  const text = JSON.stringify({ data, error: ok() }).replace(/"id":"(\d+)"/g, '"id":$1');
  return replyJsonText(request.res, 200, text);
}

function dayStart(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{8}$/.test(value)) return null;
  const ms = Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8)));
  return Number.isNaN(ms) ? null : ms / 1000;
}

function invalidParams({ res }: FakeRequest, message: string): true {
  return replyJson(res, 400, { error: { code: "invalid_params", message, log_id: logId() } });
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
