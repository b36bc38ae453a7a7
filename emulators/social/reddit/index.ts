import { randomBytes } from "node:crypto";
import { restorer, type FakeControl } from "../control";
import type { FakeRequest, SocialFake } from "../fakes";
import { itemSeconds } from "../initials-avatar";
import { replyGarbled, replyJson } from "../reply";
import { bearerOf, tokenStore } from "../token-store";
import { listing, SUBREDDITS, subredditThing } from "./data";

// Reddit's Data API as an app-only client sees it: POST /reddit/www/api/v1/access_token (HTTP
// basic client id:secret, grant_type=client_credentials, a User-Agent) gives a bearer token for
// /reddit/oauth/… (oauth.reddit.com). Every API answer carries Reddit's budget headers.
// A subreddit named "garbled" answers malformed JSON (tests of unreadable answers).

const CLIENT_ID = "fake-reddit-client";
const CLIENT_SECRET = "fake-reddit-secret";
const WINDOW_SECONDS = 600;
const TOKEN_LIFETIME_SECONDS = 86_400;

const PER_WINDOW = 1000;

/** Tests: when a number, the requests left (every token alike) before Reddit answers 429. */
export const redditBudget: { left: number | null } = { left: null };

export const redditTokens = tokenStore();
/** Reddit counts each token's calls in its own window. */
const budgets = new Map<string, { used: number; windowStart: number }>();

const redditControl: FakeControl = {
  providers: ["reddit"],
  publish({ source, title }) {
    const name = source.replace(/^\/?r\//i, "").toLowerCase();
    const sub = SUBREDDITS.find((item) => item.name === source || item.display_name.toLowerCase() === name);
    if (!sub) return null;
    // Post ids are base 36, seven characters nowadays.
    const id = `1${BigInt(`0x${randomBytes(5).toString("hex")}`).toString(36).padStart(6, "0").slice(-6)}`;
    sub.posts.unshift({ id, title: title ?? "A new post", author: "fake_poster", hoursAgo: 0, at: Math.floor(Date.now() / 1000), thumbnail: "self" });
    return { id, name: `t3_${id}` };
  },
  reset: restorer(SUBREDDITS),
};

export const redditFake: SocialFake = {
  segment: "reddit",
  env: (base) => ({ REDDIT_AUTH_URL: `${base}/reddit/www`, REDDIT_API_URL: `${base}/reddit/oauth`, REDDIT_CLIENT_ID: CLIENT_ID, REDDIT_CLIENT_SECRET: CLIENT_SECRET }),
  configuredBy: ["REDDIT_CLIENT_ID", "REDDIT_CLIENT_SECRET"],
  control: redditControl,
  handle(request) {
    const [host, ...path] = request.path;
    if (host === "www" && request.req.method === "POST" && path.join("/") === "api/v1/access_token") return accessToken(request);
    if (host === "oauth" && request.req.method === "GET") return api(request, path);
    return false;
  },
};

function accessToken({ req, res, body }: FakeRequest): true {
  if (!req.headers["user-agent"]) return replyJson(res, 429, { message: "Too Many Requests", error: 429 });
  const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
  if (req.headers.authorization !== expected) return replyJson(res, 401, { message: "Unauthorized", error: 401 });
  if (new URLSearchParams(body).get("grant_type") !== "client_credentials") return replyJson(res, 200, { error: "unsupported_grant_type" });
  const token = redditTokens.issue(TOKEN_LIFETIME_SECONDS, "fake-reddit-");
  budgets.set(token, { used: 0, windowStart: Date.now() });
  return replyJson(res, 200, { access_token: token, token_type: "bearer", expires_in: TOKEN_LIFETIME_SECONDS, scope: "*" });
}

function api({ req, res, url }: FakeRequest, path: string[]): boolean {
  const bearer = bearerOf(req.headers.authorization);
  const budget = bearer && redditTokens.valid(bearer) ? budgets.get(bearer) : undefined;
  if (!budget) return replyJson(res, 401, { message: "Unauthorized", error: 401 });
  if (Date.now() - budget.windowStart > WINDOW_SECONDS * 1000) Object.assign(budget, { used: 0, windowStart: Date.now() });
  budget.used += 1;
  const reset = Math.max(0, Math.ceil(WINDOW_SECONDS - (Date.now() - budget.windowStart) / 1000));
  res.setHeader("x-ratelimit-used", String(budget.used));
  if (redditBudget.left !== null) redditBudget.left -= 1;
  const left = redditBudget.left ?? PER_WINDOW - budget.used;
  res.setHeader("x-ratelimit-remaining", Math.max(0, left).toFixed(1));
  res.setHeader("x-ratelimit-reset", String(reset));
  if (left < 0) return replyJson(res, 429, { message: "Too Many Requests", error: 429 });

  const find = (name: string) => SUBREDDITS.find((sub) => sub.display_name.toLowerCase() === name.toLowerCase());
  if (path.join("/") === "subreddits/search") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    if (!q) return replyJson(res, 400, { message: "Bad Request", error: 400 });
    const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 25) || 25);
    const found = SUBREDDITS.filter((sub) => `${sub.display_name} ${sub.title}`.toLowerCase().includes(q));
    return replyJson(res, 200, listing(found.slice(0, limit).map(subredditThing)));
  }
  if (path.join("/") === "api/info") {
    const ids = (url.searchParams.get("id") ?? "").split(",");
    return replyJson(res, 200, listing(SUBREDDITS.filter((sub) => ids.includes(sub.name)).map(subredditThing)));
  }
  if (path[0] === "r" && path[1] && path.length === 3) {
    if (path[1].toLowerCase() === "garbled") return replyGarbled(res);
    const sub = find(path[1]);
    if (!sub) return replyJson(res, 404, { message: "Not Found", error: 404 });
    if (sub.private) return replyJson(res, 403, { reason: "private", message: "Forbidden", error: 403 });
    if (path[2] === "about") return replyJson(res, 200, subredditThing(sub));
    if (path[2] === "new") {
      const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 25) || 25);
      const posts = [...sub.posts].sort((a, b) => itemSeconds(b) - itemSeconds(a)).slice(0, limit);
      return replyJson(
        res,
        200,
        listing(
          posts.map((post) => ({
            kind: "t3",
            data: {
              id: post.id,
              name: `t3_${post.id}`,
              title: post.title,
              author: post.author,
              subreddit: sub.display_name,
              subreddit_id: sub.name,
              subreddit_name_prefixed: `r/${sub.display_name}`,
              permalink: `/r/${sub.display_name}/comments/${post.id}/${post.title.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 40)}/`,
              url: `https://www.reddit.com/r/${sub.display_name}/comments/${post.id}/`,
              created_utc: itemSeconds(post),
              thumbnail: post.thumbnail,
              over_18: false,
            },
          })),
        ),
      );
    }
  }
  return false;
}
