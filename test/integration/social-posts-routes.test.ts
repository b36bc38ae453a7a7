import { GET as instagramLatest } from "@/app/api/plugins/instagram/latest/route";
import { GET as instagramSearch } from "@/app/api/plugins/instagram/search/route";
import { GET as redditLatest } from "@/app/api/plugins/reddit/latest/route";
import { GET as redditSearch } from "@/app/api/plugins/reddit/search/route";
import { GET as tiktokLatest } from "@/app/api/plugins/tiktok/latest/route";
import { GET as tiktokSearch } from "@/app/api/plugins/tiktok/search/route";
import { GET as twitterLatest } from "@/app/api/plugins/twitter/latest/route";
import { GET as twitterSearch } from "@/app/api/plugins/twitter/search/route";
import { call } from "@/test/route-client";
import { signedInForThisBlock } from "@/test/sign-in";
import { socialHarnessForThisBlock } from "@/test/social-harness";

// The posting providers' search and preview endpoints, in-process, against the social fake.

const signedIn = signedInForThisBlock();
const social = socialHarnessForThisBlock();

const PROVIDERS = [
  { id: "reddit", search: redditSearch, latest: redditLatest, query: "ada", source: "adaprogramming", author: "u/curious_coder" },
  { id: "twitter", search: twitterSearch, latest: twitterLatest, query: "adalovelace", source: "adalovelace", author: "Ada Lovelace" },
  { id: "tiktok", search: tiktokSearch, latest: tiktokLatest, query: "ada.dances", source: "ada.dances", author: "Ada Dances" },
  { id: "instagram", search: instagramSearch, latest: instagramLatest, query: "ada.sketches", source: "ada.sketches", author: "Ada Sketches" },
] as const;

describe.each(PROVIDERS)("/api/plugins/$id", ({ id, search, latest, query, source, author }) => {
  it("refuses the signed-out with 401", async () => {
    expect((await call(search, `/api/plugins/${id}/search?q=${query}`)).status).toBe(401);
    expect((await call(latest, `/api/plugins/${id}/latest?id=${source}`)).status).toBe(401);
  });

  it("answers a missing query with the validation_failed envelope", async () => {
    const response = await call(search, `/api/plugins/${id}/search?q=`, { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "validation_failed", status_code: 400, error: { message: expect.any(String) } });
  });

  it("finds accounts, and a second identical search makes no upstream call", async () => {
    const response = await call(search, `/api/plugins/${id}/search?q=${query}`, { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: { id: string; display_name: string; followers: number | null }[] };
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]).toMatchObject({ id: expect.any(String), display_name: expect.any(String), followers: expect.any(Number) });
    const upstream = (await social.calls(id)).count;
    expect((await call(search, `/api/plugins/${id}/search?q=${query}`, { headers: { cookie: signedIn.cookie } })).status).toBe(200);
    expect((await social.calls(id)).count).toBe(upstream);
  });

  it("previews the source's newest item", async () => {
    const response = await call(latest, `/api/plugins/${id}/latest?id=${source}`, { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { source: { name: string }; item: { values: Record<string, string> } };
    expect(body.item.values.author).toBe(author);
    expect(body.item.values.link).toMatch(/^https:\/\//);
  });

  it("answers 503 provider_unavailable while the provider is down", async () => {
    await social.fault(id, 503, { times: 5 });
    const response = await call(search, `/api/plugins/${id}/search?q=zz${query}`, { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "provider_unavailable", status_code: 503 });
  });

  it("answers 429 provider_rate_limited with Retry-After when the provider asks to wait", async () => {
    await social.fault(id, 429, { retryAfter: 30, times: 5 });
    const response = await call(search, `/api/plugins/${id}/search?q=yy${query}`, { headers: { cookie: signedIn.cookie } });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toMatchObject({ code: "provider_rate_limited" });
  });
});
