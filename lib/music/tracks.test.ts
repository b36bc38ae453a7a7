/** @jest-environment node */
// Where the player's tracks come from, against the social fake over loopback: YouTube's Data API
// for search, each host's oEmbed (through the guarded fetch) for pasted links.
import { YOUTUBE_SPENT_KEY } from "@/emulators/social/youtube";
import { musicVideo, watchUrl } from "@/emulators/social/youtube/music";
import { ApiError } from "@/lib/http/api-error";
import { providerFailure } from "@/test/provider-failure-cases";
import { withEnv } from "@/test/set-env";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { searchTracks, trackByLink } from "./tracks";

const social = socialHarnessForThisBlock();

async function apiFailure(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

const ENTERTAINER = musicVideo("The Entertainer");
const LIVE = musicVideo("Live from the Engine Room");

describe("search", () => {
  it("finds YouTube's music with lengths, the artist without YouTube's \"- Topic\"", async () => {
    expect(await searchTracks("joplin")).toEqual([
      { title: "Maple Leaf Rag", artist: "Scott Joplin", url: watchUrl(musicVideo("Maple Leaf Rag").id), duration_ms: 192_000, thumbnail: `https://i.ytimg.com/vi/${musicVideo("Maple Leaf Rag").id}/hqdefault.jpg` },
      { title: "The Entertainer", artist: "Scott Joplin", url: watchUrl(ENTERTAINER.id), duration_ms: 243_000, thumbnail: `https://i.ytimg.com/vi/${ENTERTAINER.id}/hqdefault.jpg` },
    ]);
    const ada = await searchTracks("ada");
    expect(ada.find((track) => track.title === LIVE.title)).toMatchObject({ artist: "Ada Moon", duration_ms: null });
    // Asked again: from the cache.
    const before = (await social.calls("youtube")).count;
    await searchTracks("JOPLIN");
    expect((await social.calls("youtube")).count).toBe(before);
  });

  it("answers a pasted link with the one track behind it, or none", async () => {
    expect(await searchTracks(`https://music.youtube.com/watch?v=${ENTERTAINER.id}&feature=share`)).toEqual([
      { title: "The Entertainer", artist: "Scott Joplin", url: watchUrl(ENTERTAINER.id), duration_ms: 243_000, thumbnail: `https://i.ytimg.com/vi/${ENTERTAINER.id}/hqdefault.jpg` },
    ]);
    expect(await searchTracks("https://youtu.be/AAAAAAAAAAA")).toEqual([]);
    const refused = await apiFailure(() => searchTracks("https://example.com/song.mp3"));
    expect(refused).toMatchObject({ status: 400, code: "validation_failed", fields: [{ path: "q", code: "unsupported_link" }] });
  });

  it("says not_configured without a YouTube key, while links still resolve", async () => {
    await withEnv({ YOUTUBE_API_KEY: undefined }, async () => {
      expect((await providerFailure(() => searchTracks("joplin"))).failure).toBe("not_configured");
      // oEmbed needs no key; the length does (videos.list), so it is unknown.
      expect(await trackByLink(watchUrl(ENTERTAINER.id), "url")).toMatchObject({ title: "The Entertainer", artist: "Scott Joplin", duration_ms: null });
    });
    expect((await social.calls("youtube")).paths).toEqual([`GET /oembed?url=${encodeURIComponent(watchUrl(ENTERTAINER.id))}&format=json`]);
  });
});

describe("links", () => {
  it("resolves each host through its oEmbed, at the canonical address", async () => {
    expect(await trackByLink(`https://youtu.be/${ENTERTAINER.id}?si=x`, "url")).toEqual({ title: "The Entertainer", artist: "Scott Joplin", url: watchUrl(ENTERTAINER.id), duration_ms: 243_000, thumbnail: `https://i.ytimg.com/vi/${ENTERTAINER.id}/hqdefault.jpg` });
    expect(await trackByLink("https://soundcloud.com/ada-moon/night-engines?utm_source=clipboard", "url")).toEqual({
      title: "Night Engines",
      artist: "Ada Moon",
      url: "https://soundcloud.com/ada-moon/night-engines",
      duration_ms: null,
      thumbnail: "https://i1.sndcdn.com/artworks-adamoonnightengines-t500x500.jpg",
    });
    expect(await trackByLink("https://open.spotify.com/intl-fr/track/0adaMoonBernoulliWaltz?si=1", "url")).toMatchObject({ title: "Bernoulli Waltz", artist: "", url: "https://open.spotify.com/track/0adaMoonBernoulliWaltz", duration_ms: null });
    expect(await trackByLink("https://player.vimeo.com/video/76979871", "url")).toMatchObject({ title: "Night Engines (live session)", artist: "Ada Moon", url: "https://vimeo.com/76979871", duration_ms: 247_000 });
    expect((await social.calls("soundcloud")).paths).toEqual([`GET /oembed?url=${encodeURIComponent("https://soundcloud.com/ada-moon/night-engines")}&format=json`]);
    expect((await social.calls("spotify")).count).toBe(1);
    expect((await social.calls("vimeo")).paths).toEqual([`GET /api/oembed.json?url=${encodeURIComponent("https://vimeo.com/76979871")}&format=json`]);
    // Once known, a link is not asked about again for a while.
    await trackByLink("https://soundcloud.com/ada-moon/night-engines", "url");
    expect((await social.calls("soundcloud")).count).toBe(1);
  });

  it("gives null for a track its host does not know, and refuses other hosts on the field named", async () => {
    expect(await trackByLink("https://soundcloud.com/ada-moon/no-such-track", "url")).toBeNull();
    expect(await trackByLink("https://vimeo.com/1", "url")).toBeNull();
    expect(await trackByLink("https://open.spotify.com/track/0000000000000000000000", "url")).toBeNull();
    for (const link of ["https://www.deezer.example/track/1", "https://open.spotify.com/album/0adaMoonBernoulliWaltz", "https://soundcloud.com/ada-moon"]) {
      expect(await apiFailure(() => trackByLink(link, "url"))).toMatchObject({ status: 400, code: "validation_failed", fields: [{ path: "url", code: "unsupported_link" }] });
    }
    expect((await social.calls("soundcloud")).count + (await social.calls("spotify")).count).toBe(2);
  });

  it("keeps a YouTube link when the Data API refuses (quota spent): its length is unknown", async () => {
    await withEnv({ YOUTUBE_API_KEY: YOUTUBE_SPENT_KEY }, async () => {
      expect(await trackByLink(watchUrl(ENTERTAINER.id), "url")).toMatchObject({ title: "The Entertainer", duration_ms: null });
    });
  });

  it("answers 429 when a host asks us to slow down, 503 when it fails or is unreachable, 502 for an answer it cannot have meant", async () => {
    await social.fault("soundcloud", 429, { retryAfter: 20 });
    expect(await apiFailure(() => trackByLink("https://soundcloud.com/ada-moon/night-engines", "url"))).toMatchObject({ status: 429, code: "provider_rate_limited", retryAfter: 60 });
    await social.fault("spotify", 502);
    expect(await apiFailure(() => trackByLink("https://open.spotify.com/track/0adaMoonBernoulliWaltz", "url"))).toMatchObject({ status: 503, code: "provider_unavailable" });
    await social.fault("vimeo", 200);
    expect(await apiFailure(() => trackByLink("https://vimeo.com/76979871", "url"))).toMatchObject({ status: 502, code: "provider_bad_answer" });
    // Nothing was cached of the failures: the hosts are asked again, and answer.
    expect(await trackByLink("https://soundcloud.com/ada-moon/night-engines", "url")).toMatchObject({ title: "Night Engines" });
  });

  it("never reaches an inner address: an oEmbed endpoint set to one is refused by the guarded fetch", async () => {
    await withEnv({ VIMEO_OEMBED_URL: "http://127.0.0.1:9/api/oembed.json", SPOTIFY_OEMBED_URL: "http://10.0.0.7/oembed" }, async () => {
      const vimeo = await apiFailure(() => trackByLink("https://vimeo.com/76979871", "url"));
      expect(vimeo).toMatchObject({ status: 503, code: "provider_unavailable" });
      expect(vimeo.message).toMatch(/not a public address/);
      expect(await apiFailure(() => trackByLink("https://open.spotify.com/track/0adaMoonBernoulliWaltz", "url"))).toMatchObject({ status: 503, code: "provider_unavailable" });
    });
  });
});
