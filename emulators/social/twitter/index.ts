import { restorer, type FakeControl } from "../control";
import type { FakeRequest, SocialFake } from "../fakes";
import { itemSeconds } from "../initials-avatar";
import { replyGarbled, replyJson } from "../reply";
import { X_USERS, xUserObject } from "./data";

// X API v2 with an app bearer token, under /twitter (api.twitter.com): users by username and by
// id, and a user's posts. Unknown users answer 200 with `errors` only, as X does; every answer
// carries the x-rate-limit-* headers. The username "garbled" answers malformed JSON.

const BEARER = "fake-twitter-bearer";
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

const twitterControl: FakeControl = {
  providers: ["twitter"],
  publish({ source, title }) {
    const wanted = source.replace(/^@/, "").toLowerCase();
    const user = X_USERS.find((item) => item.id === source || item.username.toLowerCase() === wanted);
    if (!user) return null;
    // Post ids are snowflakes: a newer post has a larger one.
    const newest = X_USERS.flatMap((item) => item.posts).reduce((max, post) => (BigInt(post.id) > max ? BigInt(post.id) : max), 0n);
    const id = String(newest + 1n + BigInt(Math.floor(Math.random() * 1000)));
    user.posts.unshift({ id, text: title ?? "A new post", hoursAgo: 0, at: Math.floor(Date.now() / 1000) });
    return { id };
  },
  reset: restorer(X_USERS),
};

export const twitterFake: SocialFake = {
  segment: "twitter",
  env: (base) => ({ TWITTER_API_URL: `${base}/twitter`, TWITTER_BEARER_TOKEN: BEARER }),
  configuredBy: ["TWITTER_BEARER_TOKEN"],
  control: twitterControl,
  handle({ req, res, url, path }: FakeRequest) {
    if (req.method !== "GET" || path[0] !== "2" || path[1] !== "users") return false;
    if (req.headers.authorization !== `Bearer ${BEARER}`) {
      return replyJson(res, 401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
    }
    res.setHeader("x-rate-limit-limit", "300");
    res.setHeader("x-rate-limit-remaining", "299");
    res.setHeader("x-rate-limit-reset", String(Math.ceil(Date.now() / 1000) + 900));
    const fields = (url.searchParams.get("user.fields") ?? "").split(",");
    const [, , first, second, extra] = path;
    if (first === "by" && second === "username" && extra) {
      if (extra === "garbled") return replyGarbled(res);
      if (!USERNAME.test(extra)) return invalid(res, "username", extra, "does not match ^[A-Za-z0-9_]{1,15}$");
      const user = X_USERS.find((item) => item.username.toLowerCase() === extra.toLowerCase());
      return replyJson(res, 200, user ? { data: xUserObject(user, fields) } : notFound("username", extra));
    }
    if (first && /^\d+$/.test(first) && !second) {
      const user = X_USERS.find((item) => item.id === first);
      return replyJson(res, 200, user ? { data: xUserObject(user, fields) } : notFound("id", first));
    }
    if (first && second === "tweets" && !extra) return tweets(res, url, first);
    return false;
  },
};

function tweets(res: FakeRequest["res"], url: URL, id: string): true {
  const max = Number(url.searchParams.get("max_results") ?? 10);
  if (!Number.isInteger(max) || max < 5 || max > 100) return invalid(res, "max_results", String(max), "is not between 5 and 100");
  const user = X_USERS.find((item) => item.id === id);
  if (!user) return replyJson(res, 200, notFound("id", id));
  if (user.protected) return replyJson(res, 200, notAuthorized(id));
  const withDate = (url.searchParams.get("tweet.fields") ?? "").split(",").includes("created_at");
  const posts = user.posts.slice(0, max).map((post) => ({
    id: post.id,
    text: post.text,
    edit_history_tweet_ids: [post.id],
    author_id: user.id,
    ...(withDate ? { created_at: new Date(itemSeconds(post) * 1000).toISOString() } : {}),
  }));
  if (posts.length === 0) return replyJson(res, 200, { meta: { result_count: 0 } });
  const expanded = url.searchParams.get("expansions") === "author_id";
  return replyJson(res, 200, {
    data: posts,
    ...(expanded ? { includes: { users: [xUserObject(user, (url.searchParams.get("user.fields") ?? "").split(","))] } } : {}),
    meta: { result_count: posts.length, newest_id: posts[0]!.id, oldest_id: posts.at(-1)!.id },
  });
}

function notFound(parameter: string, value: string) {
  return {
    errors: [
      {
        value,
        detail: `Could not find user with ${parameter}: [${value}].`,
        title: "Not Found Error",
        resource_type: "user",
        parameter,
        resource_id: value,
        type: "https://api.twitter.com/2/problems/resource-not-found",
      },
    ],
  };
}

function notAuthorized(id: string) {
  return {
    errors: [
      {
        value: id,
        detail: `Sorry, you are not authorized to see the user with id: [${id}].`,
        title: "Authorization Error",
        resource_type: "user",
        parameter: "id",
        resource_id: id,
        section: "data",
        type: "https://api.twitter.com/2/problems/not-authorized-for-resource",
      },
    ],
  };
}

function invalid(res: FakeRequest["res"], parameter: string, value: string, problem: string): true {
  return replyJson(res, 400, {
    errors: [{ parameters: { [parameter]: [value] }, message: `The \`${parameter}\` query parameter value [${value}] ${problem}` }],
    title: "Invalid Request",
    detail: "One or more parameters to your request was invalid.",
    type: "https://api.twitter.com/2/problems/invalid-request",
  });
}
