import { CATALOG, searchCatalog, trackByUrl } from "./catalog";

describe("music catalogue emulator", () => {
  it("holds distinct tracks with real lengths and links", () => {
    expect(new Set(CATALOG.map((track) => track.url)).size).toBe(CATALOG.length);
    for (const track of CATALOG) {
      expect(track.duration_ms).toBeGreaterThanOrEqual(60_000);
      expect(track.duration_ms).toBeLessThan(10 * 60_000);
      expect(trackByUrl(track.url)).toBe(track);
    }
  });

  it("matches every word in title or artist, ignoring case and accents, titles starting with the query first", () => {
    expect(searchCatalog("FUR elise", 10).map((track) => track.title)).toEqual(["Für Elise"]);
    expect(searchCatalog("mountain king", 10).map((track) => track.artist).sort()).toEqual(["Edvard Grieg", "Kevin MacLeod"]);
    expect(searchCatalog("hall", 10)[0]!.title).toBe("Hall of the Mountain King");
    expect(searchCatalog("macleod", 3)).toHaveLength(3);
    expect(searchCatalog("   ", 10)).toEqual([]);
    expect(trackByUrl("https://catalog.music.example/tracks/unknown")).toBeUndefined();
  });
});
