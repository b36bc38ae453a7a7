/** @jest-environment node */
// Providers' avatars are shown through our own address (lib/providers/avatars.ts): only
// addresses the server signed are fetched, through the guarded fetch, and served small and
// re-encoded. The podcast search's artwork is served by the social fake (an allowed origin).
import sharp from "sharp";
import { GET as avatar } from "@/app/api/plugins/avatars/route";
import { GET as podcastSearch } from "@/app/api/plugins/podcasts/search/route";
import { AVATAR_PATH, shownAvatarUrl } from "@/lib/providers/avatars";
import { isEnvelope, readBody } from "@/test/api";
import { call } from "@/test/route-client";
import { signedInForThisBlock } from "@/test/sign-in";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";

const session = signedInForThisBlock();
let social: SocialHarness;
beforeAll(async () => {
  social = await startSocialHarness();
});
afterAll(() => social.stop());

const get = (path: string) => call(avatar, path, { jar: session.jar });

async function refused(response: Response, status: number, code: string) {
  const body = await readBody(response);
  expect({ status: response.status, envelope: isEnvelope(body, status), code: (body as { code: string }).code }).toEqual({ status, envelope: true, code });
}

test("inline avatars stay as they are, web ones go through our address, anything else is not shown", () => {
  const inline = "data:image/svg+xml;base64,PHN2Zy8+";
  expect(shownAvatarUrl(inline)).toBe(inline);
  expect(shownAvatarUrl("https://static-cdn.jtvnw.net/a.png")).toMatch(new RegExp(`^${AVATAR_PATH}\\?u=https%3A%2F%2Fstatic-cdn\\.jtvnw\\.net%2Fa\\.png&s=[\\w-]{32}$`));
  expect(shownAvatarUrl("javascript:alert(1)")).toBeNull();
  expect(shownAvatarUrl(null)).toBeNull();
});

test("a search's artwork comes back as our address, which serves a small WebP of it", async () => {
  const search = await call(podcastSearch, "/api/plugins/podcasts/search?q=ada", { jar: session.jar });
  const { results } = (await search.json()) as { results: Array<{ avatar_url: string | null }> };
  const shown = results[0]!.avatar_url!;
  expect(shown.startsWith(`${AVATAR_PATH}?`)).toBe(true);
  const response = await get(shown);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/webp");
  expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "webp", width: 96, height: 96 });
});

test("an address the server did not sign is refused without a fetch", async () => {
  const url = `${social.url}/feeds/art/code-hour.svg`;
  const forged = `${AVATAR_PATH}?${new URLSearchParams({ u: url, s: "x".repeat(32) })}`;
  await refused(await get(forged), 403, "avatar_forbidden");
  const other = new URL(shownAvatarUrl(url)!, "http://x");
  other.searchParams.set("u", `${social.url}/feeds/ada-notes.xml`);
  await refused(await get(other.pathname + other.search), 403, "avatar_forbidden");
});

test("what is not an image, or sits on a private address, answers 502", async () => {
  await refused(await get(shownAvatarUrl(`${social.url}/feeds/ada-notes.xml`)!), 502, "avatar_unavailable");
  await refused(await get(shownAvatarUrl("http://127.0.0.1:9/avatar.png")!), 502, "avatar_unavailable");
  await refused(await get(shownAvatarUrl("http://169.254.169.254/latest/meta-data")!), 502, "avatar_unavailable");
});

test("signed out: 401", async () => {
  await refused(await call(avatar, shownAvatarUrl("https://example.com/a.png")!), 401, "unauthorized");
});
