/** @jest-environment node */
// A trophy's icon image (`icon_image`, an imageField): an upload of the guild itself is saved,
// another guild's upload or an unknown one is refused on create, edit and batch-create alike
// (`upload` metadata, checkReferences), and a trophy needs neither an emoji nor an image.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { POST as upload } from "@/app/api/guilds/[guildId]/images/route";
import { resetEnvCache } from "@/lib/env";
import { fieldIssue } from "@/lib/validation/server-messages";
import { auditEventsSince, isEnvelope, itemData, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { callForm, imageForm } from "@/test/multipart-client";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

type Item = Record<string, unknown> & { id: string };

const uploadsDir = mkdtempSync(path.join(tmpdir(), "guildhall-trophy-icon-"));
process.env.UPLOADS_DIR = uploadsDir;
resetEnvCache();

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string; // a copy of workshop: Ada owns it
let other: string; // another copy, also Ada's

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
  guild = addScratchGuild(harness, "workshop");
  other = addScratchGuild(harness, "workshop");
});
afterAll(async () => {
  await harness.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const trophies = (id = guild) => `/achievements/guilds/${id}/trophies`;
const trophy = (overrides: Record<string, unknown> = {}) => ({ name: "Artist", emoji: "🎨", condition: "messages_sent", threshold: 50, ...overrides });

async function expectStatus<T>(response: Response, status: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

async function expectRefused(response: Response) {
  const body = await readBody(response);
  expect({ status: response.status, code: (body as { code?: string }).code }).toEqual({ status: 400, code: "validation_failed" });
  expect(isEnvelope(body, 400)).toBe(true);
  return (body as { fields: unknown[] }).fields;
}

/** An image uploaded for Achievements through POST /api/guilds/{id}/images (what the form's control calls); its storage key. */
async function uploadImage(id: string): Promise<string> {
  const png = await sharp(randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } }).png().toBuffer();
  const response = await callForm(upload, `/api/guilds/${id}/images`, imageForm(png, { extra: { plugin_id: "achievements" } }), { jar: ada, params: { guildId: id } });
  return (await expectStatus<{ key: string }>(response, 201)).key;
}

const list = async (id = guild) => (await expectStatus<{ items: Item[]; total: number }>(await pluginCall(ada, "GET", trophies(id)), 200));

describe("a trophy's icon image", () => {
  it("saves a trophy with an image this guild uploaded, audited, and reads it back", async () => {
    const key = await uploadImage(guild);
    const since = await lastAuditId(ada, guild);
    const created = await expectStatus<Item>(await pluginCall(ada, "POST", trophies(), { body: trophy({ icon_image: `upload:${key}` }) }), 201);
    expect(itemData(created)).toMatchObject({ name: "Artist", emoji: "🎨", icon_image: `upload:${key}` });
    const stored = (await list()).items.find((item) => item.id === created.id);
    expect(stored?.icon_image).toBe(`upload:${key}`);
    const events = await auditEventsSince(ada, guild, since);
    expect(events.some((event) => (event.after as Record<string, unknown> | null)?.icon_image === `upload:${key}`)).toBe(true);
  });

  it("refuses an image only another guild uploaded, or one never uploaded, and creates nothing", async () => {
    const othersKey = await uploadImage(other);
    const before = await list();
    expect(await expectRefused(await pluginCall(ada, "POST", trophies(), { body: trophy({ icon_image: `upload:${othersKey}` }) }))).toEqual([fieldIssue("icon_image", "unknown_upload")]);
    expect(await expectRefused(await pluginCall(ada, "POST", trophies(), { body: trophy({ icon_image: `upload:${"0".repeat(64)}.png` }) }))).toEqual([fieldIssue("icon_image", "unknown_upload")]);
    expect(await list()).toEqual(before);
    // The other guild may use its own upload.
    await expectStatus(await pluginCall(ada, "POST", trophies(other), { body: trophy({ icon_image: `upload:${othersKey}` }) }), 201);
  });

  it("refuses another guild's upload when a trophy is edited, and leaves the trophy as it was", async () => {
    const key = await uploadImage(guild);
    const othersKey = await uploadImage(other);
    const created = await expectStatus<Item>(await pluginCall(ada, "POST", trophies(), { body: trophy({ name: "Painter", icon_image: `upload:${key}` }) }), 201);
    expect(await expectRefused(await pluginCall(ada, "PATCH", `${trophies()}/${created.id}`, { body: { icon_image: `upload:${othersKey}` } }))).toEqual([fieldIssue("icon_image", "unknown_upload")]);
    expect(await expectStatus<Item>(await pluginCall(ada, "GET", `${trophies()}/${created.id}`), 200)).toEqual(created);
    // Removing the image is an edit like any other.
    const cleared = await expectStatus<Item>(await pluginCall(ada, "PATCH", `${trophies()}/${created.id}`, { body: { icon_image: "" } }), 200);
    expect(cleared.icon_image).toBe("");
  });

  it("refuses a whole starter batch when one trophy holds another guild's upload", async () => {
    const key = await uploadImage(guild);
    const othersKey = await uploadImage(other);
    const before = await list();
    const body = { trophies: [trophy({ name: "Own", icon_image: `upload:${key}` }), trophy({ name: "Foreign", icon_image: `upload:${othersKey}` })] };
    expect(await expectRefused(await pluginCall(ada, "POST", `${trophies()}/batch-create`, { body }))).toEqual([fieldIssue("icon_image", "unknown_upload")]);
    expect(await list()).toEqual(before);
  });

  it("refuses a value that names no upload, and takes a trophy with neither emoji nor image", async () => {
    for (const value of ["upload:../../secret.png", "https://example.com/trophy.png", `preset:aurora`]) {
      expect(await expectRefused(await pluginCall(ada, "POST", trophies(), { body: trophy({ icon_image: value }) }))).toEqual([fieldIssue("icon_image", "invalid_image")]);
    }
    const bare = await expectStatus<Item>(await pluginCall(ada, "POST", trophies(), { body: trophy({ name: "Bare", emoji: "" }) }), 201);
    expect(itemData(bare)).toMatchObject({ emoji: "", icon_image: "" });
  });
});
