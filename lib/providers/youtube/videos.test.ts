/** @jest-environment node */
// Music videos through the social fake's Data API v3: search.list (type=video, category Music)
// then videos.list for the lengths, and Google's failures as ProviderError.
import { musicVideo } from "@/emulators/social/youtube/music";
import { itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { withEnv } from "@/test/set-env";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { searchMusicVideos, videosById } from "./videos";

const social = socialHarnessForThisBlock();

describe("youtube music videos", () => {
  it("finds music videos with their channel, picture and length, accent- and case-blind", async () => {
    const found = await searchMusicVideos("FUR elise", 10);
    expect(found).toEqual([{ id: musicVideo("Für Elise").id, title: "Für Elise", channel: "Ludwig van Beethoven - Topic", thumbnail: `https://i.ytimg.com/vi/${musicVideo("Für Elise").id}/hqdefault.jpg`, seconds: 175 }]);
    const joplin = await searchMusicVideos("joplin", 10);
    expect(joplin.map((video) => [video.title, video.seconds])).toEqual([
      ["Maple Leaf Rag", 192],
      ["The Entertainer", 243],
    ]);
    const { paths } = await social.calls("youtube");
    expect(paths[0]).toMatch(/^GET \/v3\/search\?part=snippet&type=video&videoCategoryId=10&q=FUR\+elise&maxResults=10&key=/);
    expect(paths[1]).toMatch(/^GET \/v3\/videos\?part=snippet%2CcontentDetails&id=[\w-]{11}&maxResults=1&key=/);
  });

  it("keeps to the Music category, gives a live stream no length, and finds nothing for nonsense", async () => {
    const ada = await searchMusicVideos("ada", 10);
    expect(ada.map((video) => video.title)).toEqual(expect.arrayContaining(["Night Engines", "Piano Sonata No. 14 “Moonlight”: I. Adagio sostenuto", "Live from the Engine Room"]));
    // The Ada Lovelace Academy's lectures are not music.
    expect(ada.map((video) => video.title)).not.toContain("Note G, line by line: the first program");
    expect(ada.find((video) => video.title === "Live from the Engine Room")!.seconds).toBeNull();
    expect(ada.find((video) => video.title === "Analytical Engine Suite (full album)")!.seconds).toBe(3727);
    expect(await searchMusicVideos("zzz-nothing", 10)).toEqual([]);
    // Search and videos for "ada"; search alone when nothing matched.
    expect((await social.calls("youtube")).count).toBe(3);
  });

  it("reads videos by id, in the order asked, leaving out the unknown ones", async () => {
    const satie = musicVideo("Gymnopédie No. 1").id;
    const duck = musicVideo("Fluffing a Duck").id;
    expect((await videosById([duck, "AAAAAAAAAAA", satie])).map((video) => [video.title, video.seconds])).toEqual([
      ["Fluffing a Duck", 85],
      ["Gymnopédie No. 1", 185],
    ]);
    expect(await videosById([])).toEqual([]);
  });

  it("says not_configured without a key, and asks nothing", async () => {
    await withEnv({ YOUTUBE_API_KEY: undefined }, async () => {
      expect((await providerFailure(() => searchMusicVideos("joplin", 10))).failure).toBe("not_configured");
    });
    expect((await social.calls("youtube")).count).toBe(0);
  });

  itReportsProviderFailures("youtube", () => social, () => searchMusicVideos("joplin", 10));
});
