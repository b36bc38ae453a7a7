import { blindtest } from "./definition";
import { isPlaylistUrl } from "./playlist-url";

describe("isPlaylistUrl", () => {
  it.each([
    "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    "https://open.spotify.com/intl-fr/playlist/37i9dQZF1DXcBWIGoYBM5M?si=abc123",
    "https://www.deezer.com/fr/playlist/1313621735",
    "https://deezer.com/playlist/1313621735",
    "https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI",
    "https://music.youtube.com/playlist?list=RDCLAK5uy_kmPRjHDECIcuVwnKsx2Ng7fyNgFKWNJFs",
  ])("accepts %s", (url) => expect(isPlaylistUrl(url)).toBe(true));

  it.each([
    "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
    "https://open.spotify.com/playlist/short",
    "https://www.deezer.com/album/302127",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/playlist",
    "https://soundcloud.com/someone/sets/mix",
    "https://open.spotify.com.evil.example/playlist/37i9dQZF1DXcBWIGoYBM5M",
    "ftp://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
  ])("refuses %s", (url) => expect(isPlaylistUrl(url)).toBe(false));
});

describe("the blind test settings", () => {
  const parse = (config: Record<string, unknown>) => blindtest.configSchema.safeParse(config);
  const codes = (config: Record<string, unknown>) => {
    const result = parse(config);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
  };

  it("names a link that is not a playlist with its own issue code", () => {
    expect(codes({ custom_playlist_url: "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy" })).toEqual([["custom_playlist_url", "invalid_playlist_url"]]);
    expect(parse({ custom_playlist_url: "https://www.deezer.com/playlist/1313621735" }).success).toBe(true);
    expect(parse({ custom_playlist_url: "" }).success).toBe(true);
  });

  it("keeps rounds and answer time within their bounds", () => {
    expect(codes({ rounds: 0, guess_seconds: 5 }).map(([path]) => path)).toEqual(["rounds", "guess_seconds"]);
    expect(codes({ rounds: 51, guess_seconds: 121 }).map(([path]) => path)).toEqual(["rounds", "guess_seconds"]);
  });
});
