/** @jest-environment node */
// The RSS and podcast endpoints in-process: signed in only, queries parsed, feeds that cannot be
// read answered as 400 with the reason on the address field in the caller's language, provider
// failures as 503, searches cached (counted at the fakes).
import { GET as podcastFeed } from "@/app/api/plugins/podcasts/feed/route";
import { GET as podcastLatest } from "@/app/api/plugins/podcasts/latest/route";
import { GET as podcastSearch } from "@/app/api/plugins/podcasts/search/route";
import { GET as rssFeed } from "@/app/api/plugins/rss/feed/route";
import { GET as rssLatest } from "@/app/api/plugins/rss/latest/route";
import { GET as rssSearch } from "@/app/api/plugins/rss/search/route";
import { issueTextFor } from "@/lib/validation/server-messages";
import { isEnvelope, readBody, type Envelope } from "@/test/api";
import { call } from "@/test/route-client";
import { signedInForThisBlock } from "@/test/sign-in";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";

const session = signedInForThisBlock();
let social: SocialHarness;
beforeAll(async () => {
  social = await startSocialHarness();
});
afterAll(() => social.stop());
beforeEach(() => social.reset());

const get = (handler: Parameters<typeof call>[0], path: string, headers?: Record<string, string>) => call(handler, path, { jar: session.jar, headers });
const q = encodeURIComponent;

async function envelope(response: Response, status: number): Promise<Envelope> {
  const body = await readBody(response);
  expect({ status: response.status, envelope: isEnvelope(body, status) }).toEqual({ status, envelope: true });
  return body as Envelope;
}

test("signed out: 401", async () => {
  const response = await call(rssFeed, `/api/plugins/rss/feed?url=${q(`${social.url}/feeds/ada-notes.xml`)}`);
  expect((await envelope(response, 401)).code).toBe("unauthorized");
});

test("no url, or one too long: 400 validation_failed on url", async () => {
  const missing = await envelope(await get(rssFeed, "/api/plugins/rss/feed"), 400);
  expect({ code: missing.code, path: missing.fields?.[0]?.path }).toEqual({ code: "validation_failed", path: "url" });
  const long = await envelope(await get(podcastFeed, `/api/plugins/podcasts/feed?url=${q(`https://example.com/${"a".repeat(2100)}`)}`), 400);
  expect(long.fields?.[0]).toMatchObject({ path: "url", code: "too_long" });
});

test("a feed: its title and newest entries, capped", async () => {
  const response = await get(rssFeed, `/api/plugins/rss/feed?url=${q(`${social.url}/feeds/adacodes.atom`)}`);
  expect(response.status).toBe(200);
  const feed = (await readBody(response)) as { url: string; title: string; items: Array<{ title: string }> };
  expect({ url: feed.url, title: feed.title, first: feed.items[0]?.title }).toEqual({ url: `${social.url}/feeds/adacodes.atom`, title: "adacodes devlog", first: "Devlog #31: the anticipating carriage" });
  const podcast = (await readBody(await get(podcastFeed, `/api/plugins/podcasts/feed?url=${q(`${social.url}/feeds/code-hour.xml`)}`))) as { items: Array<{ enclosure: { type: string } }> };
  expect(podcast.items[0]!.enclosure.type).toBe("audio/mpeg");
});

test.each([
  ["http://127.0.0.1/", "feed_blocked_address"],
  ["http://[::ffff:169.254.169.254]/", "feed_blocked_address"],
  ["/feeds/broken.xml", "feed_invalid"],
  ["/feeds/about", "feed_not_a_feed"],
  ["/feeds/huge.xml", "feed_too_large"],
  ["/feeds/missing.xml", "feed_not_found"],
])("%s: 400 %s on url, worded in French for a French page", async (address, code) => {
  const url = address.startsWith("/") ? `${social.url}${address}` : address;
  const body = await envelope(await get(rssFeed, `/api/plugins/rss/feed?url=${q(url)}`, { "X-Guildhall-Locale": "fr" }), 400);
  const french = issueTextFor("fr")(code as never);
  expect(body).toMatchObject({ code: "validation_failed", message: french, fields: [{ path: "url", code, message: french }] });
  expect(french).not.toBe(issueTextFor("en")(code as never));
});

test("RSS search discovers a site's feeds; the same search again makes no second upstream call", async () => {
  const path = `/api/plugins/rss/search?q=${q(`${social.url}/feeds/ada-notes`)}`;
  const first = (await readBody(await get(rssSearch, path))) as { results: Array<{ display_name: string }> };
  expect(first.results.map((source) => source.display_name)).toEqual(["Ada's Engineering Notes", "adacodes devlog"]);
  const calls = (await social.calls("feeds")).count;
  expect(await readBody(await get(rssSearch, path))).toEqual(first);
  expect((await social.calls("feeds")).count).toBe(calls);
});

test("RSS search on a private address: 400 on q", async () => {
  const body = await envelope(await get(rssSearch, `/api/plugins/rss/search?q=${q("http://192.168.1.1/")}`), 400);
  expect(body.fields?.[0]).toMatchObject({ path: "q", code: "feed_blocked_address" });
});

test("podcast search by a feed address that has none: 400 with the reason on q", async () => {
  const body = await envelope(await get(podcastSearch, `/api/plugins/podcasts/search?q=${q(`${social.url}/feeds/no-such-show.xml`)}`, { "X-Guildhall-Locale": "es" }), 400);
  expect(body).toMatchObject({ message: issueTextFor("es")("feed_not_found"), fields: [{ path: "q", code: "feed_not_found" }] });
});

test("podcast search finds 'ada' and is cached", async () => {
  const first = await get(podcastSearch, "/api/plugins/podcasts/search?q=ada");
  expect(first.status).toBe(200);
  expect(((await readBody(first)) as { results: Array<{ display_name: string }> }).results[0]!.display_name).toBe("Ada's Code Hour");
  await get(podcastSearch, "/api/plugins/podcasts/search?q=Ada");
  expect((await social.calls("itunes")).count).toBe(1);
});

test("podcast search with Apple down: 503 provider_unavailable; rate limited: 429 with Retry-After", async () => {
  await social.fault("itunes", 502);
  expect((await envelope(await get(podcastSearch, "/api/plugins/podcasts/search?q=minds"), 503)).code).toBe("provider_unavailable");
  await social.fault("itunes", 429, { retryAfter: 9 });
  const limited = await get(podcastSearch, "/api/plugins/podcasts/search?q=engines");
  expect({ code: (await envelope(limited, 429)).code, retryAfter: limited.headers.get("retry-after") }).toEqual({ code: "provider_rate_limited", retryAfter: "9" });
});

test("latest: the source and its newest entry, for the alert preview; an unknown feed is 404", async () => {
  const response = await get(podcastLatest, `/api/plugins/podcasts/latest?id=${q(`${social.url}/feeds/code-hour.xml`)}`);
  const body = (await readBody(response)) as { source: { display_name: string }; item: { values: Record<string, string> } };
  expect({ status: response.status, show: body.source.display_name, title: body.item.values.title, audio: body.item.values.audio }).toEqual({
    status: 200,
    show: "Ada's Code Hour",
    title: "42: Loops before computers",
    audio: `${social.url}/feeds/audio/code-hour-42.mp3`,
  });
  expect((await envelope(await get(rssLatest, `/api/plugins/rss/latest?id=${q(`${social.url}/feeds/gone.xml`)}`), 404)).code).toBe("source_not_found");
  const blocked = await envelope(await get(rssLatest, `/api/plugins/rss/latest?id=${q("http://10.0.0.1/feed")}`), 400);
  expect(blocked.fields?.[0]).toMatchObject({ path: "id", code: "feed_blocked_address" });
});
