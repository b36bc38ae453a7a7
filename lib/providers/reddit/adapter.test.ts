import { redditBudget, redditTokens } from "@/emulators/social/reddit";
import { withEnv } from "@/test/set-env";
import { expectFailure, itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { redditAdapter } from "./adapter";

const harness = socialHarnessForThisBlock();

describe("Reddit adapter against the fake", () => {
  it("asks for one app token and sends it on every call; the fake refuses calls without it", async () => {
    await redditAdapter.search("ada");
    await redditAdapter.lookup("ada");
    const { paths } = await harness.calls("reddit");
    expect(paths.filter((path) => path.startsWith("POST /www/api/v1/access_token"))).toHaveLength(1);
    expect(paths.filter((path) => path.startsWith("GET /oauth/"))).toHaveLength(2);
    const bare = await fetch(`${harness.env.REDDIT_API_URL}/r/ada/about`);
    expect(bare.status).toBe(401);
  });

  it("asks once for a fresh token when Reddit refuses the one it has", async () => {
    await redditAdapter.search("ada");
    redditTokens.expireAll();
    expect((await redditAdapter.lookup("adafruit"))?.id).toBeDefined();
    const { paths } = await harness.calls("reddit");
    expect(paths.filter((path) => path.startsWith("POST /www/api/v1/access_token"))).toHaveLength(2);
  });

  it("searches subreddits and keeps each one's t5_ fullname as its id", async () => {
    const results = await redditAdapter.search("ada");
    expect(results.map((result) => result.name)).toEqual(expect.arrayContaining(["ada", "adaprogramming", "AdaLovelace"]));
    const ada = results.find((result) => result.name === "adaprogramming")!;
    expect(ada).toEqual({
      id: "t5_3b8kq",
      name: "adaprogramming",
      display_name: "r/adaprogramming",
      avatar_url: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      followers: 3215,
      url: "https://www.reddit.com/r/adaprogramming/",
    });
  });

  it("looks a subreddit up by fullname, by name and by link; unknown ones are null", async () => {
    expect((await redditAdapter.lookup("t5_2rmz9"))?.name).toBe("AdaLovelace");
    expect((await redditAdapter.lookup("r/adaprogramming"))?.id).toBe("t5_3b8kq");
    expect((await redditAdapter.lookup("https://www.reddit.com/r/adafruit/"))?.followers).toBe(65120);
    expect(await redditAdapter.lookup("nosuchsubreddit")).toBeNull();
    expect(await redditAdapter.lookup("t5_zzzzz")).toBeNull();
    expect(await redditAdapter.lookup("not a name!")).toBeNull();
  });

  it("gives the newest post as every declared variable", async () => {
    const item = await redditAdapter.latest("t5_2qhx4");
    expect(item).not.toBeNull();
    expect(Object.keys(item!.values).sort()).toEqual([...redditAdapter.variables].sort());
    expect(item!.values).toMatchObject({
      author: "u/spark_fan",
      title: "Ada 2022 parallel blocks: first impressions",
      link: expect.stringMatching(/^https:\/\/www\.reddit\.com\/r\/ada\/comments\/1cx0a1\//),
      subreddit: "ada",
    });
    expect(Date.now() - Date.parse(item!.published_at!)).toBeLessThan(3 * 3600_000);
    expect(item!.values.published).toBe(`<t:${Math.floor(Date.parse(item!.published_at!) / 1000)}:f>`);
    expect(await redditAdapter.latest("AdaNewcomers")).toBeNull();
  });

  it("refuses wrong client credentials as not_configured (the fake checks HTTP basic)", async () => {
    await withEnv({ REDDIT_CLIENT_SECRET: "wrong-secret" }, async () => {
        expectFailure(await providerFailure(() => redditAdapter.search("ada")), "reddit", "not_configured");
    });
  });

  it("waits for the window's reset once the budget headers reach zero", async () => {
    await redditAdapter.search("ada");
    redditBudget.left = 1;
    try {
      await redditAdapter.lookup("ada");
      const error = await providerFailure(() => redditAdapter.lookup("adafruit"));
      expectFailure(error, "reddit", "rate_limited");
      expect(error.retryAfter).toBeGreaterThan(500);
      expect((await harness.calls("reddit")).paths.some((path) => path.includes("adafruit"))).toBe(false);
    } finally {
      redditBudget.left = null;
    }
  });

  it("reports malformed JSON as bad_answer", async () => {
    expectFailure(await providerFailure(() => redditAdapter.lookup("garbled")), "reddit", "bad_answer");
  });

  itReportsProviderFailures("reddit", () => harness, () => redditAdapter.search("ada"));

  describe("poll", () => {
    const poll = (...ids: string[]) => redditAdapter.poll(ids.map((id) => ({ id, state: null })));
    const apiCalls = async () => (await harness.calls("reddit")).paths.filter((path) => path.startsWith("GET /oauth/"));

    it("gives each subreddit's new posts newest first, keyed by fullname, the newest as latest() gives it", async () => {
      const answers = await poll("t5_2qhx4", "AdaNewcomers");
      const ada = answers.get("t5_2qhx4");
      const items = ada?.ok ? ada.items : [];
      expect(items.map((item) => item.key)).toEqual(["t3_1cx0a1", "t3_1cw9z8"]);
      const { url, key, ...newest } = items[0]!;
      expect(newest).toEqual(await redditAdapter.latest("t5_2qhx4"));
      expect({ url, key }).toEqual({ url: newest.values.link, key: "t3_1cx0a1" });
      expect(answers.get("AdaNewcomers")).toEqual({ ok: true, items: [], state: {} });
    });

    it("names the subreddits stored by fullname in one /api/info call, then asks each one's newest 20", async () => {
      await poll("t5_2qhx4", "t5_3b8kq", "adafruit");
      const calls = await apiCalls();
      expect(calls.filter((path) => path.startsWith("GET /oauth/api/info"))).toEqual([expect.stringContaining(`id=${encodeURIComponent("t5_2qhx4,t5_3b8kq")}`)]);
      // A few at a time: they may arrive in any order.
      expect(calls.filter((path) => path.includes("/new?")).map((path) => path.replace(/&.*/, "")).sort()).toEqual([
        "GET /oauth/r/ada/new?limit=20",
        "GET /oauth/r/adafruit/new?limit=20",
        "GET /oauth/r/adaprogramming/new?limit=20",
      ]);
    });

    it("shows a new post first, with a key that stays the same from poll to poll", async () => {
      const { name } = await harness.publish("reddit", "adaprogramming", "Is SPARK worth learning first?");
      const answer = (await poll("t5_3b8kq")).get("t5_3b8kq");
      expect(answer).toMatchObject({ ok: true, items: [{ key: name, values: { title: "Is SPARK worth learning first?", author: "u/fake_poster", subreddit: "adaprogramming" } }, { key: "t3_1cx1b2" }] });
      const again = (await poll("t5_3b8kq")).get("t5_3b8kq");
      expect(again?.ok && again.items[0]!.key).toBe(name);
    });

    it("answers an unknown subreddit as gone and a private one as private", async () => {
      const answers = await poll("t5_zzzzz", "nosuchsubreddit", "EngineRoom", "not a name!");
      expect(answers.get("t5_zzzzz")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "no such subreddit" });
      expect(answers.get("nosuchsubreddit")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "r/nosuchsubreddit does not exist" });
      expect(answers.get("EngineRoom")).toEqual({ ok: false, gone: true, code: "source_private", reason: "r/EngineRoom is private" });
      expect(answers.get("not a name!")).toMatchObject({ ok: false, gone: true, code: "source_gone" });
    });

    itReportsProviderFailures("reddit", () => harness, () => poll("t5_2qhx4", "adafruit"));
  });
});
