/** @jest-environment node */
// The RSS adapter's poll against the feeds fake: every format's entries keyed by guid, a new entry
// first, conditional GETs (ETag, Last-Modified) answered 304, dead feeds gone, and a feed whose
// host fails is that feed's trouble (unchanged, counted), never the whole poll's.
import type { PollState, SourcePoll } from "@/lib/providers/types";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { rssAdapter } from "./adapter";

const harness = socialHarnessForThisBlock();
const feed = (name: string) => `${harness.url}/feeds/${name}`;
const poll = (...sources: { id: string; state: PollState | null }[]) => rssAdapter.poll(sources);
const pollOne = async (id: string, state: PollState | null = null) => (await poll({ id, state })).get(id)!;
const keys = (answer: SourcePoll) => (answer.ok ? answer.items.map((item) => item.key) : answer.code);

test("a feed's entries, newest first, keyed by guid, the newest as latest() gives it, with its validators as state", async () => {
  const answer = await pollOne(feed("ada-notes.xml"));
  expect(keys(answer)).toEqual([`${harness.url}/feeds/ada-notes/?p=1843`, `${harness.url}/feeds/ada-notes/?p=1829`, `${harness.url}/feeds/ada-notes/?p=1790`]);
  expect(answer.ok && answer.items[0]).toEqual({ ...(await rssAdapter.latest(feed("ada-notes.xml"))), key: `${harness.url}/feeds/ada-notes/?p=1843`, url: `${harness.url}/feeds/ada-notes/2026/11/note-g-annotated/` });
  expect(answer.ok && answer.state).toEqual({ etag: '"ada-notes.xml-0-1795726800"', last_modified: "Thu, 26 Nov 2026 21:00:00 GMT", failing_since: null });
});

test("an unchanged feed answers 304 to the state's ETag or Last-Modified: unchanged, nothing read", async () => {
  const first = await pollOne(feed("adacodes.atom"));
  const state = first.ok ? first.state : null;
  expect(await pollOne(feed("adacodes.atom"), state)).toEqual({ ok: true, items: [], state, unchanged: true });
  expect(await pollOne(feed("adacodes.atom"), { ...state, etag: null })).toEqual({ ok: true, items: [], state: { ...state, etag: null }, unchanged: true });
  expect(keys(await pollOne(feed("adacodes.atom"), { ...state, etag: '"another"' }))).toHaveLength(2);
});

test.each([
  ["RSS 2.0", "ada-notes.xml"],
  ["Atom", "adacodes.atom"],
  ["RDF", "engine-digest.rdf"],
])("%s: a new entry comes first with a stable key, and the old state no longer gets a 304", async (_format, name) => {
  const before = await pollOne(feed(name));
  const { id } = await harness.publish("rss", name, "Gears, élan & <angle brackets>");
  const after = await pollOne(feed(name), before.ok ? before.state : null);
  expect(after.ok && after.items[0]).toMatchObject({ key: id, values: { title: "Gears, élan & <angle brackets>" } });
  expect(keys(after).slice(1)).toEqual(keys(before));
  expect(after.ok && after.state.etag).not.toBe(before.ok && before.state.etag);
  const { id: next } = await harness.publish("rss", feed(name), "And another");
  expect(keys(await pollOne(feed(name), after.ok ? after.state : null)).slice(0, 2)).toEqual([next, id]);
});

test("a feed that answers 404, one that became a web page, and an id that is no address are gone", async () => {
  const answers = await poll({ id: feed("missing.xml"), state: null }, { id: feed("about"), state: null }, { id: "not an address", state: null });
  expect(answers.get(feed("missing.xml"))).toEqual({ ok: false, gone: true, code: "source_gone", reason: "the feed's address answers 404 or 410" });
  expect(answers.get(feed("about"))).toEqual({ ok: false, gone: true, code: "source_not_a_feed", reason: "the feed's address serves no feed any more" });
  expect(answers.get("not an address")).toMatchObject({ ok: false, gone: true, code: "source_gone" });
});

test("a feed whose host answers 5xx or 429 is unchanged with the error, since when it fails kept", async () => {
  const read = await pollOne(feed("ada-notes.xml"));
  const state = read.ok ? read.state : null;
  await harness.fault("feeds", 503);
  const failed = await pollOne(feed("ada-notes.xml"), state);
  expect(failed).toMatchObject({ ok: true, items: [], unchanged: true, error: expect.stringContaining("503"), state: { etag: state?.etag, failing_since: expect.any(String) } });
  const since = failed.ok ? failed.state.failing_since : null;
  await harness.fault("feeds", 429, { retryAfter: 60 });
  expect(await pollOne(feed("ada-notes.xml"), failed.ok ? failed.state : null)).toMatchObject({ ok: true, unchanged: true, error: expect.stringContaining("429"), state: { failing_since: since } });
  // Read again: the failures are over.
  expect(await pollOne(feed("ada-notes.xml"), failed.ok ? failed.state : null)).toEqual({ ok: true, items: [], state: { ...state, failing_since: null }, unchanged: true });
});

test("one feed that cannot be read does not keep the others of the poll from being read", async () => {
  const answers = await poll({ id: feed("huge.xml"), state: null }, { id: feed("engine-digest.rdf"), state: null });
  expect(answers.get(feed("huge.xml"))).toMatchObject({ ok: true, items: [], unchanged: true, error: expect.stringContaining("larger than") });
  expect(keys(answers.get(feed("engine-digest.rdf"))!)).toHaveLength(2);
});

test("a feed that could not be read for a week is gone", async () => {
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000).toISOString();
  await harness.fault("feeds", 502);
  expect(await pollOne(feed("ada-notes.xml"), { etag: null, last_modified: null, failing_since: eightDaysAgo })).toMatchObject({ ok: false, gone: true, code: "source_unreachable" });
});

test("a state that is not one poll() gave is ignored, not trusted", async () => {
  expect(keys(await pollOne(feed("ada-notes.xml"), { etag: 42, failing_since: "yesterday" }))).toHaveLength(3);
});
