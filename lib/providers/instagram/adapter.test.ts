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
});
