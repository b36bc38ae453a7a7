/** @jest-environment node */
// The Twitch adapter against the social fake's Helix: search, lookups, the latest stream, the
// app token's life, and every failure mapped to its ProviderError.
import { withEnv } from "@/test/set-env";
import { twitchTokens } from "@/emulators/social/twitch";
import { itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { twitchAdapter } from "./adapter";

const social = socialHarnessForThisBlock();


describe("twitch adapter", () => {
  it("finds streamers by name, with avatars, followers and who is live", async () => {
    const results = await twitchAdapter.search("ada");
    expect(results.map((item) => item.name)).toEqual(["ada_plays", "adalovelacecodes", "adastra_gg"]);
    expect(results[0]).toMatchObject({ id: "141981764", display_name: "ada_plays", followers: 48213, live: true, url: "https://www.twitch.tv/ada_plays" });
    expect(results[0]!.avatar_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(results[1]).toMatchObject({ display_name: "AdaLovelaceCodes", live: false, followers: 12876 });
    expect(await twitchAdapter.search("zzz-nobody")).toEqual([]);
  });

  it("looks a streamer up by user id or by login (any case); unknown ones are null", async () => {
    expect(await twitchAdapter.lookup("208734115")).toMatchObject({ name: "adalovelacecodes", live: false });
    expect(await twitchAdapter.lookup("AdaLovelaceCodes")).toMatchObject({ id: "208734115" });
    expect(await twitchAdapter.lookup("nobody_here")).toBeNull();
    expect(await twitchAdapter.lookup("999999")).toBeNull();
    expect(await twitchAdapter.lookup("not a login!")).toBeNull();
  });

  it("gives every declared variable of a live stream, the thumbnail sized", async () => {
    const item = await twitchAdapter.latest("141981764");
    expect(item).toEqual({
      values: {
        streamer: "ada_plays",
        title: "Morning coffee & chat ☕ | !socials",
        url: "https://www.twitch.tv/ada_plays",
        game: "Just Chatting",
        thumbnail: "https://static-cdn.jtvnw.net/previews-ttv/live_user_ada_plays-1280x720.jpg",
        viewers: "1287",
      },
      published_at: "2026-11-24T08:02:11Z",
    });
    expect(Object.keys(item!.values)).toEqual([...twitchAdapter.variables]);
  });

  it("gives an offline channel's current title and game", async () => {
    const item = await twitchAdapter.latest("208734115");
    expect(item?.values).toMatchObject({ streamer: "AdaLovelaceCodes", title: "Building an analytical engine in Rust, part 7", game: "Software and Game Development", viewers: "0" });
    expect(item?.published_at).toBeNull();
    expect(await twitchAdapter.latest("999999")).toBeNull();
  });

  it("asks for an app token once, sends it with the Client-Id, and renews it once when Helix refuses it", async () => {
    await twitchAdapter.search("ada");
    await twitchAdapter.lookup("ada_plays");
    const tokenCalls = (paths: string[]) => paths.filter((path) => path.startsWith("POST /id/oauth2/token")).length;
    expect(tokenCalls((await social.calls("twitch")).paths)).toBe(1);
    twitchTokens.expireAll();
    expect(await twitchAdapter.lookup("ada_plays")).toMatchObject({ id: "141981764" });
    const { paths } = await social.calls("twitch");
    expect(tokenCalls(paths)).toBe(2);
    expect(paths.filter((path) => path === "GET /helix/users?id=&login=ada_plays" || path === "GET /helix/users?login=ada_plays")).toHaveLength(3);
  });

  it("says not_configured when Twitch refuses the client credentials, and without them", async () => {
    await withEnv({ TWITCH_CLIENT_SECRET: "wrong-secret" }, async () => {
      expect((await providerFailure(() => twitchAdapter.search("ada"))).failure).toBe("not_configured");
    });
    await withEnv({ TWITCH_CLIENT_SECRET: undefined }, async () => {
      expect(twitchAdapter.configured()).toBe(false);
    });
  });

  // The token comes first (the shared cases' first call), so the faults hit Helix.
  itReportsProviderFailures("twitch", () => social, () => twitchAdapter.search("adastra"));

  describe("poll", () => {
    const helixCalls = async () => (await social.calls("twitch")).paths.filter((path) => path.startsWith("GET /helix/"));
    const poll = (...ids: string[]) => twitchAdapter.poll(ids.map((id) => ({ id, state: null })));

    it("gives a live streamer's stream as the item latest() gives, keyed by the stream id; offline ones none", async () => {
      const answers = await poll("141981764", "208734115");
      expect(answers.get("141981764")).toEqual({
        ok: true,
        items: [{ ...(await twitchAdapter.latest("141981764")), key: "40952121085", url: "https://www.twitch.tv/ada_plays" }],
        state: {},
      });
      expect(answers.get("208734115")).toEqual({ ok: true, items: [], state: {} });
    });

    it("asks Helix for 100 streamers a call and nothing else: 250 streamers are 3 calls", async () => {
      const ids = ["141981764", "208734115", "517305902", "90411732", ...Array.from({ length: 246 }, (_, index) => String(700000000 + index))];
      const answers = await poll(...ids);
      expect([...answers.keys()]).toEqual(ids);
      const calls = await helixCalls();
      expect(calls).toHaveLength(3);
      expect(calls.every((path) => path.startsWith("GET /helix/streams?") && path.endsWith("&first=100"))).toBe(true);
      expect(calls.map((path) => new URL(path.slice(4), "http://x").searchParams.getAll("user_id").length)).toEqual([100, 100, 50]);
      expect([...answers.values()].filter((answer) => answer.ok && answer.items.length > 0)).toHaveLength(1);
    });

    it("shows the stream when the streamer goes live, hides it offline, and a new key when live again", async () => {
      expect((await poll("517305902")).get("517305902")).toEqual({ ok: true, items: [], state: {} });
      const first = await social.live("twitch", "adastra_gg", true, "ranked grind, day 12");
      const live = (await poll("517305902")).get("517305902");
      expect(live).toMatchObject({ ok: true, items: [{ key: first.stream_id, values: { streamer: "adastra_gg", title: "ranked grind, day 12", game: "VALORANT" }, published_at: first.started_at }] });
      expect((await poll("517305902")).get("517305902")).toEqual(live);
      await social.live("twitch", "adastra_gg", false);
      expect((await poll("517305902")).get("517305902")).toEqual({ ok: true, items: [], state: {} });
      const second = await social.live("twitch", "adastra_gg", true);
      const again = (await poll("517305902")).get("517305902");
      expect(again).toMatchObject({ ok: true, items: [{ key: second.stream_id }] });
      expect(second.stream_id).not.toBe(first.stream_id);
    });

    it("answers an id that cannot be a Twitch user id as gone, and asks Helix nothing for it", async () => {
      expect((await poll("not-an-id")).get("not-an-id")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "not a Twitch user id" });
      expect(await helixCalls()).toEqual([]);
    });

    itReportsProviderFailures("twitch", () => social, () => poll("141981764", "208734115"));
  });
});
