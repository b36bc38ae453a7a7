/** @jest-environment node */
// The Kick adapter against the social fake's public API: slug lookups standing in for search,
// the live stream or the channel's title, the app token's life, and failures mapped.
import { withEnv } from "@/test/set-env";
import { kickTokens } from "@/emulators/social/kick";
import { itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { kickAdapter } from "./adapter";

const social = socialHarnessForThisBlock();


describe("kick adapter", () => {
  it("finds a channel by its slug, @slug or link (Kick has no search), with name, avatar and live state", async () => {
    const [found] = await kickAdapter.search("ada_plays");
    expect(found).toMatchObject({ id: "4377088", name: "ada_plays", display_name: "ada_plays", followers: null, live: true, url: "https://kick.com/ada_plays" });
    expect(found!.avatar_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await kickAdapter.search("https://kick.com/AdaCodes"))[0]).toMatchObject({ display_name: "AdaCodes", live: false });
    expect((await kickAdapter.search("@adastra"))[0]).toMatchObject({ id: "8120555" });
    expect((await kickAdapter.search("ada")).map((item) => item.display_name)).toEqual(["Ada"]);
    expect(await kickAdapter.search("nobody_here")).toEqual([]);
    expect(await kickAdapter.search("not a slug!")).toEqual([]);
  });

  it("looks a channel up by broadcaster id or slug; unknown ones are null", async () => {
    expect(await kickAdapter.lookup("8120555")).toMatchObject({ name: "adastra", display_name: "Adastra" });
    expect(await kickAdapter.lookup("ADACODES")).toMatchObject({ id: "9902117" });
    expect(await kickAdapter.lookup("424242")).toBeNull();
    expect(await kickAdapter.lookup("nobody")).toBeNull();
  });

  it("gives every declared variable of a live stream, and an offline channel's title", async () => {
    const item = await kickAdapter.latest("4377088");
    expect(item).toEqual({
      values: {
        streamer: "ada_plays",
        title: "Coffee, chat and chill ☕",
        url: "https://kick.com/ada_plays",
        game: "Just Chatting",
        thumbnail: "https://images.kick.com/video_thumbnails/ada_plays/live/720.webp",
        viewers: "642",
      },
      published_at: "2026-11-24T08:05:00Z",
    });
    expect(Object.keys(item!.values)).toEqual([...kickAdapter.variables]);
    expect((await kickAdapter.latest("8120555"))?.values).toMatchObject({ streamer: "Adastra", title: "radiant or bust", game: "VALORANT", viewers: "0" });
    expect(await kickAdapter.latest("424242")).toBeNull();
  });

  it("sends the app token, renews it once when Kick refuses it, and says not_configured for bad credentials", async () => {
    await kickAdapter.lookup("adastra");
    kickTokens.expireAll();
    expect(await kickAdapter.lookup("adastra")).toMatchObject({ id: "8120555" });
    const { paths } = await social.calls("kick");
    expect(paths.filter((path) => path === "POST /id/oauth/token")).toHaveLength(2);
    await withEnv({ KICK_CLIENT_SECRET: "wrong" }, async () => {
      expect((await providerFailure(() => kickAdapter.lookup("adastra"))).failure).toBe("not_configured");
    });
  });

  // The token comes first (the shared cases' first call), so the faults hit the API.
  itReportsProviderFailures("kick", () => social, () => kickAdapter.lookup("adastra"));

  describe("poll", () => {
    const poll = (...ids: string[]) => kickAdapter.poll(ids.map((id) => ({ id, state: null })));
    const apiCalls = async () => (await social.calls("kick")).paths.filter((path) => path.startsWith("GET /api/"));

    it("gives a live channel's stream as the item latest() gives, keyed by channel and start; offline ones none", async () => {
      const answers = await poll("4377088", "8120555");
      expect(answers.get("4377088")).toEqual({
        ok: true,
        items: [{ ...(await kickAdapter.latest("4377088")), key: "4377088:2026-11-24T08:05:00Z", url: "https://kick.com/ada_plays" }],
        state: {},
      });
      expect(answers.get("8120555")).toEqual({ ok: true, items: [], state: {} });
    });

    it("asks for 50 channels a call, and the names of the live ones only", async () => {
      const ids = ["4377088", "8120555", "1204433", "9902117", ...Array.from({ length: 56 }, (_, index) => String(5000000 + index))];
      const answers = await poll(...ids);
      expect([...answers.keys()]).toEqual(ids);
      const calls = await apiCalls();
      expect(calls.map((path) => path.replace(/\?.*/, ""))).toEqual(["GET /api/public/v1/channels", "GET /api/public/v1/channels", "GET /api/public/v1/users"]);
      expect(calls[2]).toBe("GET /api/public/v1/users?id=4377088");
    });

    it("shows the stream when the channel goes live, hides it offline, and a new key when live again", async () => {
      const first = await social.live("kick", "adastra", true, "radiant tonight");
      const live = (await poll("8120555")).get("8120555");
      expect(live).toMatchObject({ ok: true, items: [{ key: `8120555:${first.started_at}`, values: { streamer: "Adastra", title: "radiant tonight", game: "VALORANT" }, published_at: first.started_at }] });
      await social.live("kick", "adastra", false);
      expect((await poll("8120555")).get("8120555")).toEqual({ ok: true, items: [], state: {} });
      await social.live("kick", "adastra", true);
      const again = (await poll("8120555")).get("8120555");
      expect(again).toMatchObject({ ok: true, items: [{ key: expect.stringMatching(/^8120555:/) }] });
      expect(again?.ok && again.items[0]!.key).not.toBe(`8120555:${first.started_at}`);
    });

    it("answers a channel Kick does not know, or an id that is none, as gone", async () => {
      const answers = await poll("424242", "adastra");
      expect(answers.get("424242")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "no such Kick channel" });
      expect(answers.get("adastra")).toMatchObject({ ok: false, gone: true, code: "source_gone" });
    });

    itReportsProviderFailures("kick", () => social, () => poll("4377088", "8120555"));
  });
});
