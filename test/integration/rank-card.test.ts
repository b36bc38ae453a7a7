/** @jest-environment node */
// The rank card: its config (GET|PATCH /api/plugins/levels/rank-card/config/{guild}), the guild's
// backgrounds (GET|POST …/guilds/{guild}/rank-card/backgrounds, DELETE …/backgrounds/{id}) and a
// member's card as a PNG (GET …/guilds/{guild}/rank-card/{userId|@me}). Presets and this guild's
// uploads are accepted, another guild's refused; every config change is audited.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as pluginPost } from "@/app/api/plugins/[...path]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { memberLevels, uploads } from "@/lib/db/schema";
import { MAX_IMAGE_BYTES } from "@/lib/images/inspect";
import { totalXpFor } from "@/lib/levels/curve";
import { RANK_CARD_HEIGHT, RANK_CARD_WIDTH } from "@/lib/rank-card/render";
import { auditEventsSince, lastAuditId, pluginCall } from "@/test/api";
import { expectError, expectStatus, noisePng, startCardHarness, type CardHarness } from "@/test/card-harness";
import { callForm, imageForm } from "@/test/multipart-client";
import { call, type CookieJar } from "@/test/route-client";
import { fieldIssue } from "@/lib/validation/server-messages";

type Config = {
  background_color: number | null;
  accent_color: number | null;
  text_color: number | null;
  background: { kind: string; value: string; url?: string };
  missing_upload: string | null;
  presets: Array<{ id: string; value: string }>;
  uploads: Array<{ id: string; value: string; url: string }>;
  version: number;
};
type Backgrounds = { presets: Config["presets"]; uploads: Config["uploads"]; upload?: { id: string; url: string } };

let card: CardHarness;
let ada: CookieJar;
let guild: string; // a copy of workshop: Ada owns it
let other: string; // another copy, also Ada's

beforeAll(async () => {
  card = await startCardHarness("rank-card");
  ({ ada, guild, other } = card);
});
afterAll(() => card.stop());

const configPath = (id = guild) => `/levels/rank-card/config/${id}`;
const backgroundsPath = (id = guild) => `/levels/guilds/${id}/rank-card/backgrounds`;
const cardPath = (user: string, query = "", id = guild) => `/levels/guilds/${id}/rank-card/${user}${query}`;

function uploadBackground(id: string, form: FormData, jar: CookieJar | undefined = ada): Promise<Response> {
  const segments = ["levels", "guilds", id, "rank-card", "backgrounds"];
  return callForm(pluginPost, `/api/plugins/${segments.join("/")}`, form, { jar, params: { path: segments } });
}

async function uploaded(id = guild, width = 120, height = 60): Promise<{ id: string; value: string }> {
  const body = await expectStatus<Backgrounds>(await uploadBackground(id, imageForm(await noisePng(width, height))), 201);
  return body.uploads.find((item) => item.url === body.upload!.url)!;
}

async function expectPng(response: Response): Promise<Buffer> {
  if (response.status !== 200) throw new Error(`card answered ${response.status}: ${await response.text()}`);
  expect(response.headers.get("content-type")).toBe("image/png");
  expect(response.headers.get("cache-control")).toBe("private, max-age=60");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: RANK_CARD_WIDTH, height: RANK_CARD_HEIGHT });
  return bytes;
}

const current = async (id = guild) => expectStatus<Config>(await pluginCall(ada, "GET", configPath(id)), 200);

describe("GET|PATCH /api/plugins/levels/rank-card/config/{guild}", () => {
  it("starts with the definition's colours on the plain background, listing the presets", async () => {
    const config = await current();
    expect(config).toMatchObject({ background_color: 0x23272a, accent_color: 0x5865f2, text_color: 0xffffff, background: { kind: "color", value: "color" }, missing_upload: null, uploads: [] });
    expect(config.presets.map((preset) => preset.value)).toEqual(["color", "preset:aurora", "preset:sunset", "preset:ocean", "preset:forest", "preset:midnight", "preset:candy"]);
  });

  it("changes colours and the background in one audited write, keeps the rest of the levels config, and writes nothing when nothing changes", async () => {
    const since = await lastAuditId(ada, guild);
    const before = await current();
    const state = await expectStatus<Config>(await pluginCall(ada, "PATCH", configPath(), { body: { accent_color: 0xff0066, background: "preset:ocean" } }), 200);
    expect(state).toMatchObject({ accent_color: 0xff0066, background_color: before.background_color, background: { kind: "preset", value: "preset:ocean" }, version: before.version + 1 });
    const levels = await expectStatus<{ config: Record<string, unknown> }>(await pluginCall(ada, "GET", `/levels/config/${guild}`), 200);
    expect(levels.config).toMatchObject({ rank_card_accent_color: 0xff0066, rank_card_background: "preset:ocean", leaderboard_public: true, stack_rewards: true });
    const events = await auditEventsSince(ada, guild, since, "plugin:levels");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "plugin.update", after: { config: { rank_card_accent_color: 0xff0066, rank_card_background: "preset:ocean" } } });

    const again = await expectStatus<Config>(await pluginCall(ada, "PATCH", configPath(), { body: { accent_color: 0xff0066 } }), 200);
    expect(again.version).toBe(state.version);
    expect(await auditEventsSince(ada, guild, since, "plugin:levels")).toHaveLength(1);
  });

  it("answers 412 to a stale If-Match", async () => {
    const state = await current();
    await expectError(await pluginCall(ada, "PATCH", configPath(), { body: { text_color: 0 }, headers: { "If-Match": `"${state.version - 1}"` } }), 412, "version_conflict");
  });

  it.each([
    ["a colour past #ffffff", { accent_color: 0x1000000 }],
    ["a colour as a string", { accent_color: "#ff0066" }],
    ["an unknown preset", { background: "preset:rainbow" }],
    ["a key that is not a storage key", { background: "upload:../../etc/passwd" }],
    ["another field", { leaderboard_public: false }],
  ])("refuses %s with 400 validation_failed, changing nothing", async (_label, body) => {
    const before = await current();
    await expectError(await pluginCall(ada, "PATCH", configPath(), { body }), 400, "validation_failed");
    expect(await current()).toEqual(before);
  });

  it("refuses an image only another guild uploaded with 400 unknown_upload, here and through the generic config PATCH", async () => {
    const others = await uploaded(other);
    const before = await current();
    const body = await expectError(await pluginCall(ada, "PATCH", configPath(), { body: { background: others.value } }), 400, "unknown_upload");
    expect(body.fields).toEqual([fieldIssue("background", "unknown_upload")]);
    const generic = await expectError(await pluginCall(ada, "PATCH", `/levels/config/${guild}`, { body: { rank_card_background: others.value } }), 400, "validation_failed");
    expect(generic.fields).toEqual([fieldIssue("rank_card_background", "unknown_upload")]);
    expect(await current()).toEqual(before);
  });
});

describe("backgrounds: GET|POST …/guilds/{guild}/rank-card/backgrounds, DELETE …/{id}", () => {
  it("uploads an image as a Levels upload, lists it, and lets the config use it", async () => {
    const upload = await uploaded(guild, 300, 100);
    const list = await expectStatus<Backgrounds>(await pluginCall(ada, "GET", backgroundsPath()), 200);
    expect(list.uploads[0]).toEqual({ id: upload.id, value: upload.value, url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f]{64}\.png$/), width: 300, height: 100 });
    expect(list.presets[0]).toEqual({ id: "color", value: "color" });
    const state = await expectStatus<Config>(await pluginCall(ada, "PATCH", configPath(), { body: { background: upload.value } }), 200);
    expect(state.background).toMatchObject({ kind: "upload", value: upload.value });
    const [row] = await (await getDb()).select().from(uploads).where(eq(uploads.id, upload.id));
    expect(row).toMatchObject({ guildId: guild, pluginId: "levels", userId: USER_IDS.ada });
  });

  it("refuses what is not an image, an empty form, and an image past the size limit, storing nothing", async () => {
    const before = await expectStatus<Backgrounds>(await pluginCall(ada, "GET", backgroundsPath()), 200);
    await expectError(await uploadBackground(guild, imageForm(new TextEncoder().encode("not an image at all"), { name: "a.png" })), 415, "image_type_unsupported");
    await expectError(await uploadBackground(guild, new FormData()), 400, "image_missing");
    await expectError(await uploadBackground(guild, imageForm(new Uint8Array(MAX_IMAGE_BYTES + 1), { name: "big.png", type: "image/png" })), 413, "image_too_large");
    expect(await expectStatus<Backgrounds>(await pluginCall(ada, "GET", backgroundsPath()), 200)).toEqual(before);
  });

  it("deletes one of this guild's backgrounds; one in use goes back to the plain colour in an audited write", async () => {
    const upload = await uploaded();
    await expectStatus<Config>(await pluginCall(ada, "PATCH", configPath(), { body: { background: upload.value } }), 200);
    const since = await lastAuditId(ada, guild);
    const after = await expectStatus<Backgrounds>(await pluginCall(ada, "DELETE", `${backgroundsPath()}/${upload.id}`), 200);
    expect(after.uploads.map((item) => item.id)).not.toContain(upload.id);
    expect((await current()).background).toEqual({ kind: "color", value: "color" });
    expect(await auditEventsSince(ada, guild, since, "plugin:levels")).toEqual([expect.objectContaining({ after: expect.objectContaining({ config: expect.objectContaining({ rank_card_background: "color" }) }) })]);
    await expectError(await pluginCall(ada, "DELETE", `${backgroundsPath()}/${upload.id}`), 404, "background_not_found");
  });

  it("refuses to delete another guild's background, which stays", async () => {
    const others = await uploaded(other);
    await expectError(await pluginCall(ada, "DELETE", `${backgroundsPath(guild)}/${others.id}`), 404, "background_not_found");
    const list = await expectStatus<Backgrounds>(await pluginCall(ada, "GET", backgroundsPath(other)), 200);
    expect(list.uploads.map((item) => item.id)).toContain(others.id);
    await expectError(await pluginCall(ada, "DELETE", `${backgroundsPath()}/not-a-uuid`), 400, "validation_failed");
    await expectError(await pluginCall(ada, "DELETE", `${backgroundsPath()}/${randomUUID()}`), 404, "background_not_found");
  });
});

describe("GET …/guilds/{guild}/rank-card/{userId}", () => {
  beforeAll(async () => {
    const db = await getDb();
    await db.insert(memberLevels).values([
      { guildId: guild, userId: USER_IDS.bjorn, xp: totalXpFor(9) + 40, messages: 500, displayName: "Björn", username: "bjorn", avatar: null },
      { guildId: guild, userId: USER_IDS.chen, xp: totalXpFor(3), messages: 50, displayName: "陳偉 🎉", username: "chen", avatar: null },
      { guildId: guild, userId: USER_IDS.dani, xp: 10, messages: 2, displayName: "دانيال", username: "dani", avatar: null },
    ]);
  });

  it("draws a ranked member's card, and the caller's own with @me (level 0 without XP)", async () => {
    const bjorn = await expectPng(await pluginCall(ada, "GET", cardPath(USER_IDS.bjorn)));
    await expectPng(await pluginCall(ada, "GET", cardPath(USER_IDS.chen)));
    await expectPng(await pluginCall(ada, "GET", cardPath(USER_IDS.dani)));
    const own = await expectPng(await pluginCall(ada, "GET", cardPath("@me")));
    expect(own.equals(bjorn)).toBe(false);
  });

  it("draws unsaved colours and backgrounds from the query, and refuses another guild's upload", async () => {
    const red = await expectPng(await pluginCall(ada, "GET", cardPath(USER_IDS.bjorn, "?background_color=ff0000&background=color")));
    const { data, info } = await sharp(red).raw().toBuffer({ resolveWithObject: true });
    expect(Array.from(data.subarray((10 * info.width + 10) * info.channels, (10 * info.width + 10) * info.channels + 3))).toEqual([255, 0, 0]);
    const candy = await expectPng(await pluginCall(ada, "GET", cardPath(USER_IDS.bjorn, "?background=preset%3Acandy")));
    expect(candy.equals(red)).toBe(false);
    const others = await uploaded(other);
    await expectError(await pluginCall(ada, "GET", cardPath(USER_IDS.bjorn, `?background=${encodeURIComponent(others.value)}`)), 400, "unknown_upload");
  });

  it.each([
    ["a colour that is not six hex digits", cardPath(USER_IDS.bjorn, "?accent_color=%23ff0000")],
    ["an unknown preset", cardPath(USER_IDS.bjorn, "?background=preset%3Arainbow")],
    ["a user id that is not a snowflake", cardPath("bjorn")],
  ])("refuses %s with 400 validation_failed", async (_label, url) => {
    await expectError(await pluginCall(ada, "GET", url), 400, "validation_failed");
  });

  it("answers 404 member_not_found for someone with no XP who is not on the server", async () => {
    await expectError(await pluginCall(ada, "GET", cardPath("100000000000000001")), 404, "member_not_found");
  });

  it("draws without fetching anything but the platform's avatars", async () => {
    const fetched: string[] = [];
    const realFetch = global.fetch;
    global.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      fetched.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await expectPng(await pluginCall(ada, "GET", cardPath(USER_IDS.chen, "?accent_color=123456")));
    } finally {
      global.fetch = realFetch;
    }
    expect(fetched.filter((url) => !url.startsWith("data:") && !url.startsWith(process.env.DISCORD_API_URL ?? "\u0000") && !url.startsWith(process.env.DISCORD_CDN_URL ?? "\u0000"))).toEqual([]);
  });

  it("draws its words (rank, level) in the guild's language", async () => {
    const speak = async (locale: string | null) => expectStatus(await call(patchGuild, `/api/guilds/${guild}`, { method: "PATCH", jar: ada, params: { guildId: guild }, body: { locale } }), 200);
    const draw = async () => expectPng(await pluginCall(ada, "GET", cardPath(USER_IDS.bjorn)));
    try {
      await speak("en");
      const english = await draw();
      await speak("fr");
      const french = await draw();
      await speak("ar");
      const arabic = await draw();
      expect(french.equals(english)).toBe(false);
      expect(arabic.equals(english)).toBe(false);
      expect(arabic.equals(french)).toBe(false);
      // Only the words changed: the rest of the card is the English one, pixel for pixel.
      const [a, b] = await Promise.all([sharp(english).raw().toBuffer({ resolveWithObject: true }), sharp(french).raw().toBuffer()]);
      const below = RANK_CARD_WIDTH * a.info.channels * 110;
      expect(a.data.subarray(below).equals(b.subarray(below))).toBe(true);
    } finally {
      await speak(null);
    }
  });
});
