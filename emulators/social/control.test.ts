/** @jest-environment node */
// The social fake's control API, as tests and the npm start demo use it: streamers going live,
// new items, bodies it refuses, and a reset that undoes all of it.
import { socialHarnessForThisBlock } from "@/test/social-harness";

const social = socialHarnessForThisBlock();

const control = (path: string, body: unknown) => fetch(`${social.url}/__fake/${path}`, { method: "POST", body: JSON.stringify(body) });
const helix = async (path: string) => {
  const token = (await (await fetch(`${social.url}/twitch/id/oauth2/token`, { method: "POST", body: new URLSearchParams({ client_id: "fake-client", client_secret: "fake-secret", grant_type: "client_credentials" }) })).json()) as { access_token: string };
  return (await (await fetch(`${social.url}/twitch/helix/${path}`, { headers: { Authorization: `Bearer ${token.access_token}`, "Client-Id": "fake-client" } })).json()) as { data: { id: string }[] };
};

test("a streamer goes live with a new stream each time, and offline", async () => {
  const first = await social.live("twitch", "adastra_gg", true, "new title");
  expect(first).toEqual({ live: true, stream_id: expect.stringMatching(/^\d+$/), started_at: expect.stringMatching(/Z$/) });
  expect((await helix("streams?user_id=517305902")).data).toEqual([expect.objectContaining({ id: first.stream_id, title: "new title" })]);
  expect(await social.live("twitch", "517305902", true)).toEqual(first);
  await social.live("twitch", "adastra_gg", false);
  expect((await helix("streams?user_id=517305902")).data).toEqual([]);
  expect((await social.live("twitch", "adastra_gg", true)).stream_id).not.toBe(first.stream_id);
  const calls = await social.calls("twitch");
  expect(calls.paths.filter((path) => path.startsWith("GET /helix/streams"))).toHaveLength(2);
});

test("a feed's new entry changes its ETag; the feed answers 304 to the current one", async () => {
  const url = `${social.url}/feeds/ada-notes.xml`;
  const etag = (await fetch(url)).headers.get("etag")!;
  expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(304);
  const published = await social.publish("rss", url, "Hello");
  expect(published.etag).not.toBe(etag);
  expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(200);
  expect((await fetch(url, { headers: { "If-Modified-Since": String(published.lastModified) } })).status).toBe(304);
});

test("unknown sources answer 404, bodies of another shape 400", async () => {
  expect((await control("live", { provider: "twitch", login: "nobody_here", live: true })).status).toBe(404);
  expect((await control("publish", { provider: "youtube", source: "@nobody" })).status).toBe(404);
  expect((await control("publish", { provider: "rss", source: "broken.xml" })).status).toBe(404);
  expect((await control("live", { provider: "youtube", login: "x", live: true })).status).toBe(400);
  expect((await control("publish", { provider: "reddit" })).status).toBe(400);
  expect((await fetch(`${social.url}/__fake/live`, { method: "POST", body: "not json" })).status).toBe(400);
});

test("reset undoes every stream and item", async () => {
  await social.live("twitch", "ada_plays", false);
  const url = `${social.url}/feeds/adacodes.atom`;
  const etag = (await fetch(url)).headers.get("etag");
  await social.publish("rss", "adacodes.atom");
  await social.reset();
  expect((await helix("streams?user_id=141981764")).data).toEqual([expect.objectContaining({ id: "40952121085" })]);
  expect((await fetch(url)).headers.get("etag")).toBe(etag);
});
