import { withEnv } from "@/test/set-env";
import { expectFailure, itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { instagramAdapter } from "./adapter";

const harness = socialHarnessForThisBlock();

describe("Instagram adapter against the fake", () => {
  it("searches by exact username through business discovery (there is no account search)", async () => {
    expect(await instagramAdapter.search("ada")).toEqual([
      {
        id: "ada",
        name: "ada",
        display_name: "Ada Studio",
        avatar_url: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        followers: 9870,
        url: "https://www.instagram.com/ada/",
      },
    ]);
    expect((await instagramAdapter.search("@Ada.Sketches"))[0]?.followers).toBe(54300);
    expect((await instagramAdapter.search("https://www.instagram.com/adacodes/"))[0]?.id).toBe("adacodes");
    expect(await instagramAdapter.search("nobody.here")).toEqual([]);
    expect(await instagramAdapter.search("not valid!")).toEqual([]);
    const { paths } = await harness.calls("instagram");
    expect(decodeURIComponent(paths[0]!)).toContain("/v21.0/17841400000000001?fields=business_discovery.username(ada){username,name,profile_picture_url,followers_count,media_count}");
  });

  it("sends the access token; a refused token is not_configured", async () => {
    await withEnv({ INSTAGRAM_ACCESS_TOKEN: "expired-token" }, async () => {
      expectFailure(await providerFailure(() => instagramAdapter.lookup("ada")), "instagram", "not_configured");
    });
  });

  it("looks an account up by username; unknown ones are null", async () => {
    expect((await instagramAdapter.lookup("ada.sketches"))?.display_name).toBe("Ada Sketches");
    expect(await instagramAdapter.lookup("nobody.here")).toBeNull();
  });

  it("gives the newest post as every declared variable", async () => {
    const item = await instagramAdapter.latest("ada.sketches");
    expect(Object.keys(item!.values).sort()).toEqual([...instagramAdapter.variables].sort());
    expect(item!.values).toMatchObject({
      author: "Ada Sketches",
      title: "Ink study of the Difference Engine ✒️ #sketchbook",
      link: "https://www.instagram.com/p/C6AdaSk003/",
    });
    expect(Date.now() - Date.parse(item!.published_at!)).toBeLessThan(4 * 3600_000);
    expect(await instagramAdapter.latest("ada.quiet")).toBeNull();
    expect(await instagramAdapter.latest("nobody.here")).toBeNull();
  });

  it("reports malformed JSON as bad_answer", async () => {
    expectFailure(await providerFailure(() => instagramAdapter.lookup("garbled")), "instagram", "bad_answer");
  });

  itReportsProviderFailures("instagram", () => harness, () => instagramAdapter.search("ada"));

  describe("poll", () => {
    const poll = (...ids: string[]) => instagramAdapter.poll(ids.map((id) => ({ id, state: null })));

    it("gives each account's posts newest first, keyed by media id, the newest as latest() gives it", async () => {
      const answers = await poll("ada.sketches", "ada.quiet");
      const sketches = answers.get("ada.sketches");
      const items = sketches?.ok ? sketches.items : [];
      expect(items.map((item) => item.key)).toEqual(["18000000000001020", "18000000000001021"]);
      expect(items[0]).toEqual({ ...(await instagramAdapter.latest("ada.sketches")), key: "18000000000001020", url: "https://www.instagram.com/p/C6AdaSk003/" });
      expect(answers.get("ada.quiet")).toEqual({ ok: true, items: [], state: {} });
      expect(decodeURIComponent((await harness.calls("instagram")).paths[0]!)).toContain("media.limit(20){id,caption,permalink,timestamp,media_url}");
    });

    it("shows a new post first, with a key that stays the same from poll to poll", async () => {
      const { id, permalink } = await harness.publish("instagram", "adacodes", "New keyboard day ⌨️");
      const answer = (await poll("adacodes")).get("adacodes");
      expect(answer).toMatchObject({ ok: true, items: [{ key: id, url: permalink, values: { author: "Ada Codes", title: "New keyboard day ⌨️" } }, { key: "18000000000001030" }] });
      const again = (await poll("adacodes")).get("adacodes");
      expect(again?.ok && again.items[0]!.key).toBe(id);
    });

    it("answers an account business discovery does not find as gone", async () => {
      expect((await poll("nobody.here", "not valid!")).get("nobody.here")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "no such Instagram professional account" });
    });

    itReportsProviderFailures("instagram", () => harness, () => poll("ada", "adacodes"));
  });
});
