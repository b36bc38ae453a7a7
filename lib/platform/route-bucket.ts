import { snowflakeToTimestamp } from "./snowflake";

// Which of the platform's rate-limit buckets a request falls in, as @discordjs/rest reckons it
// (REST.generateRouteData, private there): the route with ids as ":id", keeping the "major
// parameter" (channel, guild, webhook) apart, since the platform counts each of those on its own.
// The platform names the bucket itself in X-RateLimit-Bucket; this is the key that name is
// remembered under.

/** Deleting a message older than two weeks has a bucket of its own. */
const OLD_MESSAGE_MS = 14 * 24 * 60 * 60 * 1000;

export type RouteBucket = { route: string; major: string };

export function routeBucket(method: string, path: string, now = Date.now()): RouteBucket {
  const verb = method.toUpperCase();
  if (path.startsWith("/interactions/") && path.endsWith("/callback")) return { route: `${verb} /interactions/:id/:token/callback`, major: "burst" };
  const majorMatch = /^\/webhooks\/(\d{17,19}\/[^/?]+)|^\/(?:channels|guilds|webhooks)\/(\d{17,19})/.exec(path);
  const major = majorMatch?.[2] ?? majorMatch?.[1] ?? "global";
  const route = path
    .replaceAll(/\d{17,19}/g, ":id")
    .replace(/\/reactions\/(.*)/, "/reactions/:reaction")
    .replace(/\/webhooks\/:id\/[^/?]+/, "/webhooks/:id/:token");
  const messageId = /\d{17,19}$/.exec(path)?.[0];
  const old = verb === "DELETE" && route === "/channels/:id/messages/:id" && messageId && now - snowflakeToTimestamp(messageId) > OLD_MESSAGE_MS;
  return { route: `${verb} ${route}${old ? "/Delete Old Message" : ""}`, major };
}
