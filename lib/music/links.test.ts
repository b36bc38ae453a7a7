import { asUrl, musicLink } from "./links";

describe("musicLink", () => {
  it("reads YouTube, YouTube Music and youtu.be links as one canonical watch address", () => {
    const canonical = { host: "youtube", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", videoId: "dQw4w9WgXcQ" };
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL0123&index=3",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://music.youtube.com/watch?v=dQw4w9WgXcQ&feature=share",
      "https://youtu.be/dQw4w9WgXcQ?si=abc",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "  HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ  ",
    ]) {
      expect(musicLink(link)).toEqual(canonical);
    }
    expect(musicLink("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(musicLink("https://www.youtube.com/@adaplays")).toBeNull();
  });

  it("reads SoundCloud tracks, Spotify tracks and Vimeo videos", () => {
    expect(musicLink("https://soundcloud.com/forss/flickermood?utm_source=x")).toEqual({ host: "soundcloud", url: "https://soundcloud.com/forss/flickermood" });
    expect(musicLink("https://m.soundcloud.com/forss/flickermood")).toEqual({ host: "soundcloud", url: "https://soundcloud.com/forss/flickermood" });
    expect(musicLink("https://soundcloud.com/forss/sets/soulhack")).toBeNull();
    expect(musicLink("https://soundcloud.com/discover/sets")).toBeNull();
    expect(musicLink("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=1a2b")).toEqual({ host: "spotify", url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC" });
    expect(musicLink("https://open.spotify.com/intl-fr/track/4uLU6hMCjMI75M1A2tKUQC")).toEqual({ host: "spotify", url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC" });
    expect(musicLink("https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC")).toBeNull();
    expect(musicLink("https://vimeo.com/76979871")).toEqual({ host: "vimeo", url: "https://vimeo.com/76979871" });
    expect(musicLink("https://player.vimeo.com/video/76979871")).toEqual({ host: "vimeo", url: "https://vimeo.com/76979871" });
    expect(musicLink("https://vimeo.com/channels/staffpicks")).toBeNull();
  });

  it("refuses other hosts, look-alikes and credentials", () => {
    for (const link of [
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
      "ftp://soundcloud.com/forss/flickermood",
      "satie gymnopedie",
    ]) {
      expect(musicLink(link)).toBeNull();
    }
  });

  it("tells links from search words", () => {
    expect(asUrl("https://soundcloud.com/forss/flickermood")?.hostname).toBe("soundcloud.com");
    expect(asUrl("http://example.com")).not.toBeNull();
    expect(asUrl("chopin nocturne")).toBeNull();
    expect(asUrl("youtube.com/watch?v=dQw4w9WgXcQ")).toBeNull();
  });
});
