/** @jest-environment node */
// The YouTube adapter against the social fake's Data API v3: channel search with statistics,
// lookups by id and @handle, the newest upload, and Google's errors mapped to ProviderError.
import { withEnv } from "@/test/set-env";
import { YOUTUBE_SPENT_KEY } from "@/emulators/social/youtube";
import { itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { youtubeAdapter } from "./adapter";

let social: SocialHarness;

beforeAll(async () => {
  social = await startSocialHarness();
});
afterAll(() => social.stop());
beforeEach(() => social.reset());


const withKey = <T>(key: string, run: () => Promise<T>) => withEnv({ YOUTUBE_API_KEY: key }, run);

describe("youtube adapter", () => {
  it("finds channels with their avatar, handle and subscribers (none when hidden)", async () => {
    const results = await youtubeAdapter.search("ada");
    expect(results.map((item) => item.display_name)).toEqual(["Ada Lovelace Academy", "Ada Plays", "Adastra Gaming"]);
    expect(results[0]).toMatchObject({ id: "UCa7dLovelaceAcademy01xQ", name: "@adalovelaceacademy", followers: 182000, url: "https://www.youtube.com/@adalovelaceacademy" });
    expect(results[0]!.avatar_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(results[1]!.followers).toBeNull();
    expect(await youtubeAdapter.search("zzz-nobody")).toEqual([]);
    expect((await social.calls("youtube")).paths[0]).toMatch(/^GET \/v3\/search\?part=snippet&type=channel&q=ada&maxResults=10&key=/);
  });

  it("looks a channel up by id or @handle (with or without @); unknown ones are null", async () => {
    expect(await youtubeAdapter.lookup("UCadastraGaming000000002")).toMatchObject({ display_name: "Adastra Gaming", followers: 7420 });
    expect(await youtubeAdapter.lookup("@AdaPlays")).toMatchObject({ id: "UCadaPlaysClips00000000A" });
    expect(await youtubeAdapter.lookup("adalovelaceacademy")).toMatchObject({ id: "UCa7dLovelaceAcademy01xQ" });
    expect(await youtubeAdapter.lookup("@nobodyhere")).toBeNull();
    expect(await youtubeAdapter.lookup("UCnobody0000000000000000")).toBeNull();
    expect(await youtubeAdapter.lookup("not a handle!")).toBeNull();
  });

  it("gives every declared variable of the newest upload", async () => {
    const item = await youtubeAdapter.latest("UCa7dLovelaceAcademy01xQ");
    expect(item).toEqual({
      values: {
        author: "Ada Lovelace Academy",
        title: "Note G, line by line: the first program",
        link: "https://www.youtube.com/watch?v=q9XkD3b7Y_w",
        published: `<t:${Date.parse("2026-11-21T16:00:07Z") / 1000}:f>`,
        thumbnail: "https://i.ytimg.com/vi/q9XkD3b7Y_w/hqdefault.jpg",
      },
      published_at: "2026-11-21T16:00:07Z",
    });
    expect(Object.keys(item!.values)).toEqual([...youtubeAdapter.variables]);
    expect(await youtubeAdapter.latest("UCadastraGaming000000002")).toBeNull();
  });

  it("sends the key, and says not_configured when Google refuses it (keyInvalid) or it is unset", async () => {
    expect((await providerFailure(() => withKey("wrong-key", () => youtubeAdapter.search("ada")))).failure).toBe("not_configured");
    await withEnv({ YOUTUBE_API_KEY: undefined }, async () => {
      expect(youtubeAdapter.configured()).toBe(false);
    });
  });

  it("maps a spent quota to rate_limited for an hour, and asks no more until then", async () => {
    expect(await providerFailure(() => withKey(YOUTUBE_SPENT_KEY, () => youtubeAdapter.search("ada")))).toMatchObject({ failure: "rate_limited", retryAfter: 3600 });
    const before = (await social.calls("youtube")).count;
    expect((await providerFailure(() => youtubeAdapter.search("lovelace"))).retryAfter).toBeGreaterThan(3500);
    expect((await social.calls("youtube")).count).toBe(before);
  });

  it("maps a malformed lookup answer to bad_answer", async () => {
    await social.fault("youtube", 200);
    expect((await providerFailure(() => youtubeAdapter.lookup("@adaplays"))).failure).toBe("bad_answer");
  });

  itReportsProviderFailures("youtube", () => social, () => youtubeAdapter.search("ada"));

  describe("poll", () => {
    const poll = (...ids: string[]) => youtubeAdapter.poll(ids.map((id) => ({ id, state: null })));
    const ACADEMY = "UCa7dLovelaceAcademy01xQ";
    const ADASTRA = "UCadastraGaming000000002";

    it("gives each channel's uploads newest first, keyed by video id, the newest as latest() gives it", async () => {
      const answer = (await poll(ACADEMY)).get(ACADEMY);
      expect(answer).toMatchObject({ ok: true, state: {} });
      const items = answer?.ok ? answer.items : [];
      expect(items.map((item) => item.key)).toEqual(["q9XkD3b7Y_w", "Lm2pV8cT1sQ"]);
      expect(items[0]).toEqual({ ...(await youtubeAdapter.latest(ACADEMY)), key: "q9XkD3b7Y_w", url: "https://www.youtube.com/watch?v=q9XkD3b7Y_w" });
      expect((await poll(ADASTRA)).get(ADASTRA)).toEqual({ ok: true, items: [], state: {} });
    });

    it("asks for the channels in one call, then one uploads page of 20 per channel", async () => {
      await poll(ACADEMY, ADASTRA, "UCadaPlaysClips00000000A");
      const paths = (await social.calls("youtube")).paths.map((path) => decodeURIComponent(path));
      expect(paths.filter((path) => path.startsWith("GET /v3/channels?"))).toEqual([expect.stringContaining(`id=${ACADEMY},${ADASTRA},UCadaPlaysClips00000000A`)]);
      expect(paths.filter((path) => path.startsWith("GET /v3/playlistItems?"))).toHaveLength(3);
      expect(paths.every((path) => !path.startsWith("GET /v3/playlistItems?") || path.includes("maxResults=20"))).toBe(true);
      expect(paths).toHaveLength(4);
    });

    it("shows a new upload first, with a key that stays the same from poll to poll", async () => {
      const { id } = await social.publish("youtube", "@adastragg", "Ascent retakes, explained");
      const first = (await poll(ADASTRA)).get(ADASTRA);
      expect(first).toMatchObject({ ok: true, items: [{ key: id, values: { author: "Adastra Gaming", title: "Ascent retakes, explained", link: `https://www.youtube.com/watch?v=${id}` } }] });
      const { id: next } = await social.publish("youtube", ADASTRA, "Bind, B site");
      const second = (await poll(ADASTRA)).get(ADASTRA);
      expect(second?.ok && second.items.map((item) => item.key)).toEqual([next, id]);
    });

    it("answers a channel that does not exist, or an id that is none, as gone", async () => {
      const answers = await poll("UCnobody0000000000000000", "@adaplays", ACADEMY);
      expect(answers.get("UCnobody0000000000000000")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "no such YouTube channel" });
      expect(answers.get("@adaplays")).toMatchObject({ ok: false, gone: true });
      expect(answers.get(ACADEMY)).toMatchObject({ ok: true });
    });

    itReportsProviderFailures("youtube", () => social, () => poll(ACADEMY, ADASTRA));
  });
});
