/** @jest-environment node */
// The podcast adapter's contract: Apple's directory (the iTunes Search fake) for search, the
// show's feed (the feeds fake) for lookup and the newest episode; provider failures typed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ProviderError } from "@/lib/providers/errors";
import type { PollState } from "@/lib/providers/types";
import { setEnv } from "@/test/set-env";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { podcastsAdapter } from "./adapter";

let harness: SocialHarness;
beforeAll(async () => {
  harness = await startSocialHarness();
});
afterAll(() => harness.stop());
beforeEach(() => harness.reset());

async function failure(promise: Promise<unknown>): Promise<Pick<ProviderError, "failure" | "retryAfter">> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return { failure: error.failure, retryAfter: error.retryAfter };
    throw error;
  }
  throw new Error("the call succeeded");
}

test("searching 'ada' finds the shows, with the feed URL as id and the artwork", async () => {
  const results = await podcastsAdapter.search("ada");
  expect(results.map((show) => show.display_name)).toEqual(["Ada's Code Hour", "ada_plays Radio", "Adaptive Minds"]);
  expect(results[0]).toEqual({
    id: `${harness.url}/feeds/code-hour.xml`,
    name: `${harness.url}/feeds/code-hour.xml`,
    display_name: "Ada's Code Hour",
    avatar_url: `${harness.url}/feeds/art/code-hour.svg`,
    followers: null,
    url: "https://podcasts.apple.com/us/podcast/code-hour/id1598765432?uo=4",
    live: null,
  });
  expect((await harness.calls("itunes")).paths).toEqual(["GET /search?media=podcast&entity=podcast&term=ada&limit=10"]);
});

test("a pasted feed address is looked up directly; one that has no feed says why", async () => {
  expect((await podcastsAdapter.search(`${harness.url}/feeds/adaptive-minds.xml`)).map((show) => show.display_name)).toEqual(["Adaptive Minds"]);
  await expect(podcastsAdapter.search(`${harness.url}/feeds/no-such-show.xml`)).rejects.toMatchObject({ code: "feed_not_found" });
  await expect(podcastsAdapter.search(`${harness.url}/feeds/about`)).rejects.toMatchObject({ code: "feed_not_a_feed" });
  expect((await harness.calls("itunes")).count).toBe(0);
});

test("lookup by feed URL; unknown → null", async () => {
  expect(await podcastsAdapter.lookup(`${harness.url}/feeds/ada-plays-radio.xml`)).toMatchObject({ display_name: "ada_plays Radio", avatar_url: `${harness.url}/feeds/art/ada-plays-radio.svg` });
  expect(await podcastsAdapter.lookup(`${harness.url}/feeds/no-such-show.xml`)).toBeNull();
});

test("the newest episode fills every declared variable, its audio included", async () => {
  const latest = await podcastsAdapter.latest(`${harness.url}/feeds/code-hour.xml`);
  expect(latest!.values).toEqual({
    title: "42: Loops before computers",
    link: `${harness.url}/feeds/code-hour/episodes/42`,
    author: "Ada Lovelace",
    published: `<t:${Date.parse("2026-11-26T06:00:00Z") / 1000}:f>`,
    feed: "Ada's Code Hour",
    audio: `${harness.url}/feeds/audio/code-hour-42.mp3`,
  });
  expect(Object.keys(latest!.values).sort()).toEqual([...podcastsAdapter.variables].sort());
});

test("429 with Retry-After is rate_limited for that long; Apple's 403 throttle too", async () => {
  await harness.fault("itunes", 429, { retryAfter: 17 });
  expect(await failure(podcastsAdapter.search("ada"))).toEqual({ failure: "rate_limited", retryAfter: 17 });
  // Until then no call goes out: the pause answers for Apple.
  const calls = (await harness.calls("itunes")).count;
  expect((await failure(podcastsAdapter.search("engines"))).failure).toBe("rate_limited");
  expect((await harness.calls("itunes")).count).toBe(calls);
  await harness.reset();
  await harness.fault("itunes", 403);
  expect(await failure(podcastsAdapter.search("ada"))).toEqual({ failure: "rate_limited", retryAfter: 60 });
});

test("500 is unavailable; an answer of another shape is bad_answer", async () => {
  await harness.fault("itunes", 500);
  expect(await failure(podcastsAdapter.search("ada"))).toEqual({ failure: "unavailable", retryAfter: undefined });
  await harness.fault("itunes", 200);
  expect(await failure(podcastsAdapter.search("ada"))).toEqual({ failure: "bad_answer", retryAfter: undefined });
});

test("an answer that is not JSON at all is bad_answer; nobody answering is unavailable", async () => {
  const garbage = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/javascript" }).end("<html>Service Temporarily Unavailable"));
  await new Promise<void>((resolve) => garbage.listen(0, "127.0.0.1", resolve));
  const port = (garbage.address() as AddressInfo).port;
  try {
    setEnv({ PODCAST_SEARCH_URL: `http://127.0.0.1:${port}` });
    expect(await failure(podcastsAdapter.search("ada"))).toEqual({ failure: "bad_answer", retryAfter: undefined });
  } finally {
    await new Promise((resolve) => garbage.close(resolve));
  }
  expect(await failure(podcastsAdapter.search("ada"))).toEqual({ failure: "unavailable", retryAfter: undefined });
  setEnv({ PODCAST_SEARCH_URL: `${harness.url}/itunes` });
});

describe("poll", () => {
  const show = (name: string) => `${harness.url}/feeds/${name}`;
  const pollOne = async (id: string, state: PollState | null = null) => (await podcastsAdapter.poll([{ id, state }])).get(id)!;

  test("a show's episodes newest first, keyed by guid, with their audio; the newest as latest() gives it", async () => {
    const answer = await pollOne(show("code-hour.xml"));
    expect(answer.ok && answer.items.map((item) => [item.key, item.values.audio])).toEqual([
      ["codehour-ep-42", `${harness.url}/feeds/audio/code-hour-42.mp3`],
      ["codehour-ep-41", `${harness.url}/feeds/audio/code-hour-41.mp3`],
    ]);
    expect(answer.ok && answer.items[0]).toEqual({ ...(await podcastsAdapter.latest(show("code-hour.xml"))), key: "codehour-ep-42", url: `${harness.url}/feeds/code-hour/episodes/42` });
  });

  test("an unchanged show answers 304; a new episode comes first with its audio and a stable key", async () => {
    const first = await pollOne(show("adaptive-minds.xml"));
    const state = first.ok ? first.state : null;
    expect(await pollOne(show("adaptive-minds.xml"), state)).toEqual({ ok: true, items: [], state, unchanged: true });
    const { id } = await harness.publish("podcasts", "adaptive-minds.xml", "Memory palaces, tested");
    const second = await pollOne(show("adaptive-minds.xml"), state);
    expect(second.ok && second.items.map((item) => item.key)).toEqual([id, "adaptive-minds-1"]);
    expect(second.ok && second.items[0]!.values).toMatchObject({ title: "Memory palaces, tested", audio: expect.stringMatching(/\.mp3$/) });
    expect(await pollOne(show("adaptive-minds.xml"), second.ok ? second.state : null)).toMatchObject({ ok: true, items: [], unchanged: true });
  });

  test("a show whose feed is gone is gone", async () => {
    expect(await pollOne(show("no-such-show.xml"))).toMatchObject({ ok: false, gone: true, code: "source_gone" });
  });
});
