/** @jest-environment node */
// The live providers' search, lookup, get-streamers and preview endpoints, called in-process
// against the social fake: signed-in only, inputs checked, answers cached, failures enveloped.
import { GET as twitchSearch } from "@/app/api/plugins/twitch/search-streamers/route";
import { GET as twitchStreamers } from "@/app/api/plugins/twitch/get-streamers/route";
import { GET as twitchLatest } from "@/app/api/plugins/twitch/latest/route";
import { GET as youtubeSearch } from "@/app/api/plugins/youtube/search/route";
import { GET as youtubeChannel } from "@/app/api/plugins/youtube/channel/[id]/route";
import { GET as youtubeLatest } from "@/app/api/plugins/youtube/latest/route";
import { GET as kickSearch } from "@/app/api/plugins/kick/search/route";
import { GET as kickLatest } from "@/app/api/plugins/kick/latest/route";
import { isEnvelope, readBody } from "@/test/api";
import { call } from "@/test/route-client";
import { signedInForThisBlock } from "@/test/sign-in";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";

const signedIn = signedInForThisBlock();
let social: SocialHarness;

beforeAll(async () => {
  social = await startSocialHarness();
});
afterAll(() => social.stop());
beforeEach(() => social.reset());

type Handler = Parameters<typeof call>[0];
async function get(handler: Handler, path: string, params?: Record<string, string>) {
  const response = await call(handler, path, { jar: signedIn.jar, params });
  return { status: response.status, headers: response.headers, body: (await readBody(response)) as Record<string, unknown> };
}

describe("provider search endpoints", () => {
  it("answer 401 to a signed-out caller, without asking the provider", async () => {
    const response = await call(twitchSearch, "/api/plugins/twitch/search-streamers?q=ada");
    expect(response.status).toBe(401);
    expect(isEnvelope(await readBody(response), 401)).toBe(true);
    expect((await social.calls("twitch")).count).toBe(0);
  });

  it("refuse a missing or empty query with 400 validation_failed", async () => {
    for (const path of ["/api/plugins/twitch/search-streamers", "/api/plugins/youtube/search?q=%20", "/api/plugins/kick/search?q="]) {
      const handler = path.includes("twitch") ? twitchSearch : path.includes("youtube") ? youtubeSearch : kickSearch;
      const { status, body } = await get(handler, path);
      expect(status).toBe(400);
      expect(isEnvelope(body, 400) && body.code).toBe("validation_failed");
    }
  });

  it("find 'ada' on Twitch, YouTube and Kick", async () => {
    const twitch = await get(twitchSearch, "/api/plugins/twitch/search-streamers?q=ada");
    expect(twitch.status).toBe(200);
    expect(twitch.headers.get("cache-control")).toContain("no-store");
    expect((twitch.body.results as Array<{ name: string }>).map((item) => item.name)).toEqual(["ada_plays", "adalovelacecodes", "adastra_gg"]);
    const youtube = await get(youtubeSearch, "/api/plugins/youtube/search?q=ada");
    expect((youtube.body.results as Array<Record<string, unknown>>)[0]).toMatchObject({ id: "UCa7dLovelaceAcademy01xQ", display_name: "Ada Lovelace Academy", followers: 182000 });
    const kick = await get(kickSearch, "/api/plugins/kick/search?q=ada");
    expect(kick.body.results).toEqual([expect.objectContaining({ id: "1204433", name: "ada", display_name: "Ada" })]);
  });

  it("answer a repeated search from the cache, without a second call to the provider", async () => {
    await get(twitchSearch, "/api/plugins/twitch/search-streamers?q=adastra");
    const before = (await social.calls("twitch")).count;
    const again = await get(twitchSearch, "/api/plugins/twitch/search-streamers?q=ADASTRA");
    expect(again.status).toBe(200);
    expect((again.body.results as unknown[]).length).toBe(1);
    expect((await social.calls("twitch")).count).toBe(before);
  });

  it("answer 503 provider_unavailable when the provider is down, and 429 with Retry-After when it says so", async () => {
    await social.fault("youtube", 502, { times: 5 });
    const down = await get(youtubeSearch, "/api/plugins/youtube/search?q=lovelace");
    expect(down.status).toBe(503);
    expect(isEnvelope(down.body, 503) && down.body.code).toBe("provider_unavailable");
    await social.reset();
    await social.fault("youtube", 429, { retryAfter: 42 });
    const limited = await get(youtubeSearch, "/api/plugins/youtube/search?q=plays");
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("provider_rate_limited");
    expect(limited.headers.get("retry-after")).toBe("42");
  });
});

describe("GET /api/plugins/twitch/get-streamers", () => {
  it("answers each asked login or id in order, saying whether it exists", async () => {
    const { status, body } = await get(twitchStreamers, "/api/plugins/twitch/get-streamers?logins=ADA_PLAYS,208734115,nobody_here,ada_plays");
    expect(status).toBe(200);
    expect(body.results).toEqual([
      expect.objectContaining({ id: "141981764", name: "ada_plays", live: true, followers: 48213, exists: true }),
      expect.objectContaining({ id: "208734115", name: "adalovelacecodes", live: false, exists: true }),
      { id: "", name: "nobody_here", display_name: "nobody_here", avatar_url: null, followers: null, url: "https://www.twitch.tv/nobody_here", live: null, exists: false },
    ]);
  });

  it("refuses a bad login, an empty list and more than 100 streamers", async () => {
    const many = Array.from({ length: 101 }, (_, index) => `streamer_${index}`).join(",");
    for (const logins of ["bad login!", "", ",,", many]) {
      const { status, body } = await get(twitchStreamers, `/api/plugins/twitch/get-streamers?logins=${encodeURIComponent(logins)}`);
      expect(status).toBe(400);
      expect(body.code).toBe("validation_failed");
    }
  });
});

describe("lookups and previews", () => {
  it("GET /api/plugins/youtube/channel/{id} finds a channel by id or @handle, 404 source_not_found otherwise", async () => {
    const byHandle = await get(youtubeChannel, "/api/plugins/youtube/channel/@adaplays", { id: "@adaplays" });
    expect(byHandle.body).toMatchObject({ id: "UCadaPlaysClips00000000A", followers: null });
    const missing = await get(youtubeChannel, "/api/plugins/youtube/channel/@nobodyhere", { id: "@nobodyhere" });
    expect(missing.status).toBe(404);
    expect(isEnvelope(missing.body, 404) && missing.body.code).toBe("source_not_found");
  });

  it("GET …/latest gives the source and its newest item for the alert preview", async () => {
    const twitch = await get(twitchLatest, "/api/plugins/twitch/latest?id=ada_plays");
    expect(twitch.body).toMatchObject({ source: { id: "141981764" }, item: { values: { streamer: "ada_plays", game: "Just Chatting" } } });
    const youtube = await get(youtubeLatest, "/api/plugins/youtube/latest?id=UCa7dLovelaceAcademy01xQ");
    expect(youtube.body).toMatchObject({ item: { values: { author: "Ada Lovelace Academy", link: "https://www.youtube.com/watch?v=q9XkD3b7Y_w" } } });
    const empty = await get(youtubeLatest, "/api/plugins/youtube/latest?id=@adastragg");
    expect(empty.body).toMatchObject({ source: { display_name: "Adastra Gaming" }, item: null });
    const kick = await get(kickLatest, "/api/plugins/kick/latest?id=4377088");
    expect(kick.body).toMatchObject({ item: { values: { streamer: "ada_plays", viewers: "642" } } });
    expect((await get(kickLatest, "/api/plugins/kick/latest?id=nobody")).status).toBe(404);
  });
});
