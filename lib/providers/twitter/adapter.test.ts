import { withEnv } from "@/test/set-env";
import { expectFailure, itReportsProviderFailures, providerFailure } from "@/test/provider-failure-cases";
import { socialHarnessForThisBlock } from "@/test/social-harness";
import { twitterAdapter } from "./adapter";

const harness = socialHarnessForThisBlock();

describe("X adapter against the fake", () => {
  it("searches by exact username (X has no user search on app tiers) and keeps the numeric id", async () => {
    expect(await twitterAdapter.search("ada")).toEqual([
      {
        id: "1580001122334455667",
        name: "ada",
        display_name: "Ada",
        avatar_url: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        followers: 2310,
        url: "https://x.com/ada",
      },
    ]);
    expect((await twitterAdapter.search("@Ada Lovelace"))[0]?.name).toBe("adalovelace");
    expect((await twitterAdapter.search("https://x.com/adacodes"))[0]?.followers).toBe(3120);
    expect(await twitterAdapter.search("nobody_here")).toEqual([]);
    expect(await twitterAdapter.search("not a valid handle!")).toEqual([]);
  });

  it("sends the app bearer token; the fake refuses calls without it", async () => {
    await twitterAdapter.lookup("ada");
    expect((await harness.calls("twitter")).paths).toEqual(["GET /2/users/by/username/ada?user.fields=profile_image_url%2Cpublic_metrics%2Cname"]);
    expect((await fetch(`${harness.env.TWITTER_API_URL}/2/users/by/username/ada`)).status).toBe(401);
    await withEnv({ TWITTER_BEARER_TOKEN: "revoked" }, async () => {
        expectFailure(await providerFailure(() => twitterAdapter.lookup("ada")), "twitter", "not_configured");
    });
  });

  it("looks an account up by id and by username; unknown ones are null", async () => {
    expect((await twitterAdapter.lookup("1580001122334455668"))?.name).toBe("adalovelace");
    expect((await twitterAdapter.lookup("adacodes"))?.id).toBe("1580001122334455669");
    expect(await twitterAdapter.lookup("1234567")).toBeNull();
    expect(await twitterAdapter.lookup("nobody_here")).toBeNull();
  });

  it("gives the newest post as every declared variable", async () => {
    const item = await twitterAdapter.latest("1580001122334455668");
    expect(Object.keys(item!.values).sort()).toEqual([...twitterAdapter.variables].sort());
    expect(item!.values).toMatchObject({
      author: "Ada Lovelace",
      title: "The engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves.",
      link: "https://x.com/adalovelace/status/1790000000000000011",
    });
    expect(Date.now() - Date.parse(item!.published_at!)).toBeLessThan(2 * 3600_000);
    expect(await twitterAdapter.latest("1580001122334455670")).toBeNull();
  });

  it("reports malformed JSON as bad_answer", async () => {
    expectFailure(await providerFailure(() => twitterAdapter.lookup("garbled")), "twitter", "bad_answer");
  });

  itReportsProviderFailures("twitter", () => harness, () => twitterAdapter.search("adalovelace"));

  describe("poll", () => {
    const poll = (...ids: string[]) => twitterAdapter.poll(ids.map((id) => ({ id, state: null })));
    const LOVELACE = "1580001122334455668";

    it("gives each account's posts newest first, keyed by post id, the newest as latest() gives it", async () => {
      const answers = await poll(LOVELACE, "1580001122334455670");
      const lovelace = answers.get(LOVELACE);
      const items = lovelace?.ok ? lovelace.items : [];
      expect(items.map((item) => item.key)).toEqual(["1790000000000000011", "1790000000000000010"]);
      expect(items[0]).toEqual({ ...(await twitterAdapter.latest(LOVELACE)), key: "1790000000000000011", url: "https://x.com/adalovelace/status/1790000000000000011" });
      expect(answers.get("1580001122334455670")).toEqual({ ok: true, items: [], state: {} });
      expect((await harness.calls("twitter")).paths[0]).toContain("max_results=20");
    });

    it("shows a new post first, with a key that stays the same from poll to poll", async () => {
      const { id } = await harness.publish("twitter", "@adacodes", "Stream starts in 10 minutes");
      const answer = (await poll("1580001122334455669")).get("1580001122334455669");
      expect(answer).toMatchObject({ ok: true, items: [{ key: id, values: { author: "Ada Codes", title: "Stream starts in 10 minutes", link: `https://x.com/adacodes/status/${id}` } }, { key: "1790000000000000021" }] });
      const again = (await poll("1580001122334455669")).get("1580001122334455669");
      expect(again?.ok && again.items[0]!.key).toBe(id);
    });

    it("answers an account X does not know as gone and a protected one as private", async () => {
      const answers = await poll("1234567", "1580001122334455671", "adacodes");
      expect(answers.get("1234567")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "Could not find user with id: [1234567]." });
      expect(answers.get("1580001122334455671")).toEqual({ ok: false, gone: true, code: "source_private", reason: "the X account is protected" });
      expect(answers.get("adacodes")).toEqual({ ok: false, gone: true, code: "source_gone", reason: "not an X user id" });
    });

    itReportsProviderFailures("twitter", () => harness, () => poll(LOVELACE));
  });
});
