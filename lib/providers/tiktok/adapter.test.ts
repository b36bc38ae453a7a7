import { tiktokTokens } from "@/emulators/social/tiktok";
import { withEnv } from "@/test/set-env";
import { expectFailure, itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { tiktokAdapter } from "./adapter";

const harness = socialHarnessForThisBlock();

describe("TikTok adapter against the fake", () => {
  it("asks for one client token and sends it to the Research API; the fake refuses calls without it", async () => {
    await tiktokAdapter.lookup("ada");
    await tiktokAdapter.lookup("adacodes");
    const { paths } = await harness.calls("tiktok");
    expect(paths.filter((path) => path.startsWith("POST /v2/oauth/token"))).toHaveLength(1);
    expect(paths.filter((path) => path.startsWith("POST /v2/research/user/info?fields="))).toHaveLength(2);
    const bare = await fetch(`${harness.env.TIKTOK_API_URL}/v2/research/user/info/?fields=display_name`, { method: "POST", body: '{"username":"ada"}' });
    expect(bare.status).toBe(401);
  });

  it("asks once for a fresh token when TikTok refuses the one it has", async () => {
    await tiktokAdapter.lookup("ada");
    tiktokTokens.expireAll();
    expect((await tiktokAdapter.lookup("adacodes"))?.id).toBe("adacodes");
    const { paths } = await harness.calls("tiktok");
    expect(paths.filter((path) => path.startsWith("POST /v2/oauth/token"))).toHaveLength(2);
  });

  it("searches by exact username (TikTok offers apps no account search) and keeps the username as id", async () => {
    expect(await tiktokAdapter.search("ada")).toEqual([
      {
        id: "ada",
        name: "ada",
        display_name: "Ada ✨",
        avatar_url: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        followers: 15400,
        url: "https://www.tiktok.com/@ada",
      },
    ]);
    expect((await tiktokAdapter.search("@Ada.Dances"))[0]?.followers).toBe(231800);
    expect((await tiktokAdapter.search("https://www.tiktok.com/@adacodes"))[0]?.id).toBe("adacodes");
    expect(await tiktokAdapter.search("nobody.here")).toEqual([]);
    expect(await tiktokAdapter.search("no such name!")).toEqual([]);
  });

  it("looks an account up by username; unknown ones are null", async () => {
    expect((await tiktokAdapter.lookup("ada.dances"))?.display_name).toBe("Ada Dances");
    expect(await tiktokAdapter.lookup("nobody.here")).toBeNull();
  });

  it("gives the newest video as every declared variable", async () => {
    const item = await tiktokAdapter.latest("ada.dances");
    expect(Object.keys(item!.values).sort()).toEqual([...tiktokAdapter.variables].sort());
    expect(item!.values).toMatchObject({
      author: "Ada Dances",
      title: "Swing routine, take two 💃 #dance",
      link: "https://www.tiktok.com/@ada.dances/video/7360000000000000012",
    });
    expect(Date.now() - Date.parse(item!.published_at!)).toBeLessThan(3 * 3600_000);
    expect(await tiktokAdapter.latest("ada.quiet")).toBeNull();
    expect(await tiktokAdapter.latest("nobody.here")).toBeNull();
  });

  it("refuses a wrong client secret as not_configured", async () => {
    await withEnv({ TIKTOK_CLIENT_SECRET: "wrong-secret" }, async () => {
        expectFailure(await providerFailure(() => tiktokAdapter.lookup("ada")), "tiktok", "not_configured");
    });
  });

  it("reports malformed JSON as bad_answer", async () => {
    expectFailure(await providerFailure(() => tiktokAdapter.lookup("garbled")), "tiktok", "bad_answer");
  });

  itReportsProviderFailures("tiktok", () => harness, () => tiktokAdapter.search("ada"));
});
