/** @jest-environment node */
// The RSS adapter's contract against the feeds fake: discovery from a site or a feed address,
// lookup by feed URL, unknown → null, the newest entry as every declared variable.
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { rssAdapter } from "./adapter";
import { FeedError } from "./feed";

let harness: SocialHarness;
beforeAll(async () => {
  harness = await startSocialHarness();
});
afterAll(() => harness.stop());
beforeEach(() => harness.reset());

test("searching a site finds the feeds its page announces, as sources", async () => {
  const results = await rssAdapter.search(`${harness.url}/feeds/ada-notes`);
  expect(results).toEqual([
    {
      id: `${harness.url}/feeds/ada-notes.xml`,
      name: `${harness.url}/feeds/ada-notes.xml`,
      display_name: "Ada's Engineering Notes",
      avatar_url: `${harness.url}/feeds/art/ada-notes.svg`,
      followers: null,
      url: `${harness.url}/feeds/ada-notes/`,
      live: null,
    },
    expect.objectContaining({ id: `${harness.url}/feeds/adacodes.atom`, display_name: "adacodes devlog" }),
  ]);
});

test("searching a feed address finds that feed; a word that is no address finds nothing", async () => {
  expect((await rssAdapter.search(`${harness.url}/feeds/engine-digest.rdf`)).map((source) => source.display_name)).toEqual(["Analytical Engine Digest"]);
  expect(await rssAdapter.search("ada")).toEqual([]);
});

test("a page without feeds, a broken feed and a private address are refused with their codes", async () => {
  const refused = async (query: string) => rssAdapter.search(query).then(() => "found", (error: FeedError) => error.code);
  expect(await refused("http://10.0.0.8/blog")).toBe("feed_blocked_address");
  expect(await refused(`${harness.url}/feeds/broken.xml`)).toBe("feed_invalid");
  expect(await refused(`${harness.url}/feeds/about`)).toBe("feed_not_a_feed");
});

test("lookup by feed URL (typed without its fragment), unknown → null", async () => {
  expect(await rssAdapter.lookup(`${harness.url}/feeds/adacodes.atom#latest`)).toMatchObject({ id: `${harness.url}/feeds/adacodes.atom`, display_name: "adacodes devlog" });
  expect(await rssAdapter.lookup(`${harness.url}/feeds/missing.xml`)).toBeNull();
  expect(await rssAdapter.lookup("not an address")).toBeNull();
});

test("the newest entry fills every declared variable", async () => {
  const latest = await rssAdapter.latest(`${harness.url}/feeds/ada-notes.xml`);
  expect(latest).toEqual({
    values: {
      title: "Note G, annotated & explained",
      link: `${harness.url}/feeds/ada-notes/2026/11/note-g-annotated/`,
      author: "Ada Lovelace",
      published: `<t:${Date.parse("2026-11-25T09:00:00Z") / 1000}:f>`,
      feed: "Ada's Engineering Notes",
    },
    published_at: "2026-11-25T09:00:00.000Z",
  });
  expect(Object.keys(latest!.values).sort()).toEqual([...rssAdapter.variables].sort());
});

test("a feed is fetched once for its lookup and its latest entry", async () => {
  const id = `${harness.url}/feeds/engine-digest.rdf`;
  await rssAdapter.lookup(id);
  await rssAdapter.latest(id);
  expect((await harness.calls("feeds")).count).toBe(1);
});
