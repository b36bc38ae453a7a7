/** @jest-environment node */
// Reading feeds over HTTP from the feeds fake, through the guarded fetch: redirects, charsets,
// and the feeds that must be refused (5 MB, trickling, missing, private) each with its own code.
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { FeedError } from "./feed";
import { readFeed } from "./read-feed";

let harness: SocialHarness;
beforeAll(async () => {
  harness = await startSocialHarness();
});
afterAll(() => harness.stop());

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedError) return error.code;
    throw error;
  }
  return "read";
}

test("a moved feed is read at its new address, which becomes its id", async () => {
  const feed = await readFeed(`${harness.url}/feeds/moved.xml#top`);
  expect({ url: feed.url, title: feed.title }).toEqual({ url: `${harness.url}/feeds/ada-notes.xml`, title: "Ada's Engineering Notes" });
});

test("a 5 MB feed is feed_too_large", async () => {
  expect(await failure(readFeed(`${harness.url}/feeds/huge.xml`))).toBe("feed_too_large");
});

test("a feed that trickles in is feed_timeout", async () => {
  const started = Date.now();
  expect(await failure(readFeed(`${harness.url}/feeds/slow.xml`, { timeoutMs: 800 }))).toBe("feed_timeout");
  expect(Date.now() - started).toBeLessThan(4000);
});

test("a missing feed is feed_not_found, a failing server feed_unreachable; broken XML feed_invalid; a private address feed_blocked_address", async () => {
  expect(await failure(readFeed(`${harness.url}/feeds/missing.xml`))).toBe("feed_not_found");
  await harness.fault("feeds", 503);
  expect(await failure(readFeed(`${harness.url}/feeds/ada-notes.xml`))).toBe("feed_unreachable");
  expect(await failure(readFeed(`${harness.url}/feeds/broken.xml`))).toBe("feed_invalid");
  expect(await failure(readFeed("http://169.254.169.254/latest/meta-data/"))).toBe("feed_blocked_address");
  expect(await failure(readFeed(`http://localhost:${new URL(harness.url).port}/feeds/ada-notes.xml`))).toBe("feed_blocked_address");
});

test("an ISO-8859-1 feed (declared in its XML, not its Content-Type) is decoded as such", async () => {
  const feed = await readFeed(`${harness.url}/feeds/engine-digest.rdf`);
  expect(feed.items[1]!.title).toBe("Issue 47: a visit to the Musée des Arts et Métiers");
});
