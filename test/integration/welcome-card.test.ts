/** @jest-environment node */
// The welcome card: its background (GET/PUT/POST /api/plugins/welcome/welcome-card/{guild}/background)
// and its preview (GET …/preview, a PNG). Presets and this guild's own uploads are accepted,
// another guild's upload or an unknown one is refused; every change is audited.
import sharp from "sharp";
import { PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as upload } from "@/app/api/guilds/[guildId]/images/route";
import { POST as pluginPost } from "@/app/api/plugins/[...path]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { writePluginState } from "@/lib/plugins/plugin-states";
import { welcome } from "@/lib/plugins/welcome/definition";
import { PRESET_IDS } from "@/lib/card-drawing/background";
import { CARD_HEIGHT, CARD_WIDTH } from "@/lib/card-drawing/presets";
import { auditEventsSince, lastAuditId, pluginCall } from "@/test/api";
import { expectError, expectStatus, noisePng, startCardHarness, type CardHarness } from "@/test/card-harness";
import { callForm, imageForm } from "@/test/multipart-client";
import { call, type CookieJar } from "@/test/route-client";
import { fieldIssue } from "@/lib/validation/server-messages";

type State = {
  background: { kind: "preset"; value: string; preset: string } | { kind: "upload"; value: string; key: string; url: string; width: number; height: number };
  missing_upload: string | null;
  presets: Array<{ id: string; value: string }>;
  uploads: Array<{ id: string; key: string; value: string; url: string; width: number; height: number }>;
  enabled: boolean;
  config: Record<string, unknown>;
  version: number;
  upload?: { id: string; url: string };
};

let card: CardHarness;
let ada: CookieJar;
let guild: string; // a copy of workshop: Ada owns it
let other: string; // another copy, also Ada's

beforeAll(async () => {
  card = await startCardHarness("welcome-card");
  ({ ada, guild, other } = card);
});
afterAll(() => card.stop());

const backgroundPath = (id = guild) => `/welcome/welcome-card/${id}/background`;

/** An image uploaded through POST /api/guilds/{id}/images; returns its storage key. */
async function uploadImage(id: string, pluginId = "welcome"): Promise<string> {
  const response = await callForm(upload, `/api/guilds/${id}/images`, imageForm(await noisePng(), { extra: { plugin_id: pluginId } }), { jar: ada, params: { guildId: id } });
  const body = await expectStatus<{ url: string }>(response, 201);
  return body.url.slice("/api/uploads/".length);
}

/** Multipart POST through the plugin catch-all. */
function backgroundPost(jar: CookieJar, id: string, form: FormData): Promise<Response> {
  const segments = ["welcome", "welcome-card", id, "background"];
  return callForm(pluginPost, `/api/plugins/${segments.join("/")}`, form, { jar, params: { path: segments } });
}

const put = (value: unknown, id = guild) => pluginCall(ada, "PUT", backgroundPath(id), { body: { background: value } });
const current = async (id = guild) => expectStatus<State>(await pluginCall(ada, "GET", backgroundPath(id)), 200);

describe("GET /api/plugins/welcome/welcome-card/{guild}/background", () => {
  it("lists the presets and the background in use (the default preset at first)", async () => {
    const response = await pluginCall(ada, "GET", backgroundPath());
    const state = await expectStatus<State>(response, 200);
    expect(state.presets.map((preset) => preset.id)).toEqual([...PRESET_IDS]);
    expect(state.presets).toContainEqual({ id: "sunset", value: "preset:sunset" });
    expect(state.background).toEqual({ kind: "preset", value: "preset:aurora", preset: "aurora" });
    expect(state.missing_upload).toBeNull();
    expect(response.headers.get("etag")).toBe(`"${state.version}"`);
  });
});

describe("PUT /api/plugins/welcome/welcome-card/{guild}/background", () => {
  it("sets a preset, keeps the rest of the config, and records it in the audit log", async () => {
    const before = await current();
    const since = await lastAuditId(ada, guild);
    const state = await expectStatus<State>(await put("preset:sunset"), 200);
    expect(state.background).toEqual({ kind: "preset", value: "preset:sunset", preset: "sunset" });
    expect(state.config).toEqual({ ...before.config, card_background: "preset:sunset" });
    expect(state.version).toBe(before.version + 1);
    // The generic config endpoint reads the same stored value.
    const config = await expectStatus<{ config: Record<string, unknown> }>(await pluginCall(ada, "GET", `/welcome/config/${guild}`), 200);
    expect(config.config.card_background).toBe("preset:sunset");
    const events = await auditEventsSince(ada, guild, since, "plugin:welcome");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "plugin.update", before: { config: { card_background: before.config.card_background } }, after: { config: { card_background: "preset:sunset" } } });

    // Setting it again changes nothing: no new version, no audit entry.
    const again = await expectStatus<State>(await put("preset:sunset"), 200);
    expect(again.version).toBe(state.version);
    expect(await auditEventsSince(ada, guild, since, "plugin:welcome")).toHaveLength(1);
  });

  it("sets an image this guild uploaded, and offers it again among the uploads", async () => {
    const key = await uploadImage(guild);
    const state = await expectStatus<State>(await put(`upload:${key}`), 200);
    expect(state.background).toEqual({ kind: "upload", value: `upload:${key}`, key, url: `/api/uploads/${key}`, width: 64, height: 32 });
    expect(state.uploads[0]).toMatchObject({ key, value: `upload:${key}`, url: `/api/uploads/${key}` });
    expect((await current()).background).toMatchObject({ kind: "upload", key });
  });

  it("refuses an image only another guild uploaded, and an unknown one, with 400 unknown_upload", async () => {
    const before = await current();
    const othersKey = await uploadImage(other);
    const body = await expectError(await put(`upload:${othersKey}`), 400, "unknown_upload");
    expect(body.fields).toEqual([fieldIssue("background", "unknown_upload")]);
    await expectError(await put(`upload:${"0".repeat(64)}.png`), 400, "unknown_upload");
    const after = await current();
    expect(after.version).toBe(before.version);
    expect(after.background).toEqual(before.background);
  });

  it.each([
    ["an unknown preset", { background: "preset:rainbow" }],
    ["a bare preset id", { background: "aurora" }],
    ["a key that is not a storage key", { background: "upload:../../etc/passwd" }],
    ["a number", { background: 3 }],
    ["no background", {}],
    ["another field", { background: "preset:ocean", title: "Hi" }],
  ])("refuses %s with 400 validation_failed", async (_label, body) => {
    const response = await pluginCall(ada, "PUT", backgroundPath(), { body });
    await expectError(response, 400, "validation_failed");
  });

  it("refuses a body that is not JSON", async () => {
    await expectError(await pluginCall(ada, "PUT", backgroundPath(), { rawBody: "preset:ocean", headers: { "content-type": "application/json" } }), 400, "invalid_json");
  });

  it("answers 412 to a stale If-Match", async () => {
    const state = await current();
    const response = await pluginCall(ada, "PUT", backgroundPath(), { body: { background: "preset:ocean" }, headers: { "If-Match": `"${state.version - 1}"` } });
    await expectError(response, 412, "version_conflict");
  });
});

describe("POST /api/plugins/welcome/welcome-card/{guild}/background (multipart)", () => {
  it("uploads an image for the welcome plugin and makes it the background", async () => {
    const response = await backgroundPost(ada, guild, imageForm(await noisePng(120, 60)));
    const state = await expectStatus<State>(response, 201);
    expect(state.upload).toMatchObject({ id: expect.any(String), url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f]{64}\.png$/) });
    const key = state.upload!.url.slice("/api/uploads/".length);
    expect(state.background).toEqual({ kind: "upload", value: `upload:${key}`, key, url: `/api/uploads/${key}`, width: 120, height: 60 });
    expect(state.uploads[0]).toMatchObject({ id: state.upload!.id, key });
  });

  it("refuses what is not an image, and leaves the background as it was", async () => {
    const before = await current();
    await expectError(await backgroundPost(ada, guild, imageForm(new TextEncoder().encode("not an image at all"), { name: "a.png" })), 415, "image_type_unsupported");
    await expectError(await backgroundPost(ada, guild, new FormData()), 400, "image_missing");
    expect(await current()).toEqual(before);
  });
});

describe("GET /api/plugins/welcome/welcome-card/{guild}/preview", () => {
  const preview = (query = "", id = guild) => pluginCall(ada, "GET", `/welcome/welcome-card/${id}/preview${query}`);

  async function expectPng(response: Response) {
    if (response.status !== 200) throw new Error(`preview answered ${response.status}: ${await response.text()}`);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("private, max-age=60");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: CARD_WIDTH, height: CARD_HEIGHT });
    return bytes;
  }

  it("draws the saved card as a PNG", async () => {
    await expectPng(await preview());
  });

  it("draws unsaved values from the query: title, subtitle and each preset", async () => {
    const ocean = await expectPng(await preview(`?title=${encodeURIComponent("Hello {user.name}")}&subtitle=${encodeURIComponent("#{server.member_count} in {server.name}")}&background=preset%3Aocean`));
    const candy = await expectPng(await preview(`?title=${encodeURIComponent("Hello {user.name}")}&subtitle=${encodeURIComponent("#{server.member_count} in {server.name}")}&background=preset%3Acandy`));
    expect(ocean.equals(candy)).toBe(false);
  }, 30000);

  it("draws this guild's uploaded background, and refuses another guild's", async () => {
    const own = await uploadImage(guild);
    await expectPng(await preview(`?background=upload%3A${own}`));
    const othersKey = await uploadImage(other);
    await expectError(await preview(`?background=upload%3A${othersKey}`), 400, "unknown_upload");
  });

  it.each([
    ["a title longer than 64 characters", `?title=${"x".repeat(65)}`],
    ["a subtitle longer than 128 characters", `?subtitle=${"x".repeat(129)}`],
    ["an unknown preset", "?background=preset%3Arainbow"],
  ])("refuses %s with 400 validation_failed", async (_label, query) => {
    await expectError(await preview(query), 400, "validation_failed");
  });

  it("draws the default title in the guild's language: French as written, Arabic drawn rather than left out", async () => {
    const speak = async (locale: string | null) => expectStatus(await call(patchGuild, `/api/guilds/${guild}`, { method: "PATCH", jar: ada, params: { guildId: guild }, body: { locale } }), 200);
    const ocean = "&background=preset%3Aocean";
    const titled = (title: string) => preview(`?title=${encodeURIComponent(title)}${ocean}`);
    try {
      await speak("fr");
      expect((await expectPng(await preview(`?${ocean}`))).equals(await expectPng(await titled("Bienvenue !")))).toBe(true);
      await speak("ar");
      const arabic = await expectPng(await preview(`?${ocean}`));
      expect(arabic.equals(await expectPng(await titled("أهلًا وسهلًا!")))).toBe(true);
      expect(arabic.equals(await expectPng(await titled("")))).toBe(false);
    } finally {
      await speak(null);
    }
  }, 30000);

  it("draws emoji, right-to-left and Chinese text from the project's own fonts and pictures, fetching nothing", async () => {
    const title = encodeURIComponent("مرحبا 🎉 欢迎 Welcome");
    const fetched: string[] = [];
    const realFetch = global.fetch;
    global.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      fetched.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await expectPng(await preview(`?title=${title}&subtitle=%F0%9F%91%8B`));
    } finally {
      global.fetch = realFetch;
    }
    expect(fetched.filter((url) => !url.startsWith(process.env.DISCORD_API_URL ?? "\u0000") && !url.startsWith(process.env.DISCORD_CDN_URL ?? "\u0000"))).toEqual([]);
  });

  it("refuses another guild's upload through the generic config PATCH too, and changes nothing", async () => {
    const othersKey = await uploadImage(other);
    const before = await current();
    const body = await expectError(await pluginCall(ada, "PATCH", `/welcome/config/${guild}`, { body: { card_background: `upload:${othersKey}` } }), 400, "validation_failed");
    expect(body.fields).toEqual([fieldIssue("card_background", "unknown_upload")]);
    expect(await current()).toEqual(before);
  });

  it("falls back to the default preset for a stored upload this guild does not have", async () => {
    const othersKey = await uploadImage(other);
    // Every write refuses such a reference now; a config saved before that check can still hold one.
    await writePluginState(await getDb(), { guildId: guild, userId: USER_IDS.ada, plugin: welcome, next: (stored) => ({ enabled: stored.enabled, config: { ...stored.config, card_background: `upload:${othersKey}` } }) });
    const state = await current();
    expect(state.background).toEqual({ kind: "preset", value: "preset:aurora", preset: "aurora" });
    expect(state.missing_upload).toBe(`upload:${othersKey}`);
    await expectPng(await preview());
  });
});
