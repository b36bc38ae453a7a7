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

  describe("poll", () => {
    const poll = (...ids: string[]) => tiktokAdapter.poll(ids.map((id) => ({ id, state: null })));
    const queries = async () => (await harness.calls("tiktok")).paths.filter((path) => path.startsWith("POST /v2/research/video/query"));

    it("gives each account's videos of yesterday and today newest first, keyed by video id, the newest as latest() gives it", async () => {
      const answers = await poll("ada.dances", "ada.quiet");
      const dances = answers.get("ada.dances");
      // "Warm-up with me" (50 hours ago) is older than yesterday: no longer new.
      expect(dances).toEqual({ ok: true, items: [{ ...(await tiktokAdapter.latest("ada.dances")), key: "7360000000000000012", url: "https://www.tiktok.com/@ada.dances/video/7360000000000000012" }], state: {} });
      expect(answers.get("ada.quiet")).toEqual({ ok: true, items: [], state: {} });
    });

    it("asks for the videos of many accounts in one query", async () => {
      const answers = await poll("ada", "ada.dances", "adacodes", "ada.quiet");
      expect([...answers.values()].map((answer) => answer.ok && answer.items.length)).toEqual([1, 1, 1, 0]);
      expect(await queries()).toHaveLength(1);
    });

    it("shows a new video first, with a key that stays the same from poll to poll", async () => {
      const { id } = await harness.publish("tiktok", "adacodes", "Rust in 60 seconds");
      const answer = (await poll("adacodes")).get("adacodes");
      expect(answer).toMatchObject({ ok: true, items: [{ key: id, values: { author: "Ada Codes", title: "Rust in 60 seconds", link: `https://www.tiktok.com/@adacodes/video/${id}` } }, { key: "7360000000000000021" }] });
      const again = (await poll("adacodes")).get("adacodes");
      expect(again?.ok && again.items[0]!.key).toBe(id);
    });

    it("reads every page of a query and keeps each account's newest 20", async () => {
      const published: string[] = [];
      for (let count = 0; count < 101; count += 1) published.push(String((await harness.publish("tiktok", "ada", `clip ${count}`)).id));
      const answer = (await poll("ada", "ada.dances")).get("ada");
      expect(answer?.ok && answer.items.map((item) => item.key)).toEqual(published.slice(-20).reverse());
      expect(await queries()).toHaveLength(2);
    });

    it("answers an account TikTok does not show as gone", async () => {
      expect((await poll("nobody.here")).get("nobody.here")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "no such TikTok account, or a private one" });
    });

    itReportsProviderFailures("tiktok", () => harness, () => poll("ada", "adacodes"));
  });
});
