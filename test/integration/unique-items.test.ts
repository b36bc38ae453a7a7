/** @jest-environment node */
// Collections that declare `unique` fields (lib/plugins/types.ts) refuse a second item with
// the same value in a guild: on create, on rename, and within one batch; other guilds and
// deleted items do not count.
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { getPlugin } from "@/lib/plugins/index";
import { createItems } from "@/lib/plugins/items";
import type { CollectionDefinition } from "@/lib/plugins/types";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { fieldIssue } from "@/lib/validation/server-messages";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
// Custom command names are unique per guild (lib/plugins/commands/definition.ts).
const commands = getPlugin("commands")!.collections.commands!;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Unique names");
  ada = await signedInJar(harness);
});
afterAll(async () => {
  await harness.stop();
});

const base = (guildId = guild) => `/commands/guilds/${guildId}/commands`;
const command = (name: string, extra: Record<string, unknown> = {}) => ({ name, response: `You called ${name}`, ...extra });

async function answer(response: Response) {
  return { status: response.status, body: (await readBody(response)) as Record<string, unknown> };
}

describe("unique custom command names", () => {
  it("is declared by the commands collection", () => {
    expect(commands.unique).toEqual(["name"]);
  });

  it("refuses a second command with the same name with 409 duplicate_value naming the field", async () => {
    expect((await pluginCall(ada, "POST", base(), { body: command("hello") })).status).toBe(201);
    const second = await answer(await pluginCall(ada, "POST", base(), { body: command("hello", { cooldown_seconds: 5 }) }));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "duplicate_value", status_code: 409, fields: [fieldIssue("name", "duplicate_value")] });
    expect(second.body.message).toContain('"hello" is already used');
  });

  it("refuses a rename onto a taken name, and lets an item keep its own name", async () => {
    await pluginCall(ada, "POST", base(), { body: command("taken") });
    const other = await answer(await pluginCall(ada, "POST", base(), { body: command("free") }));
    expect(other.status).toBe(201);
    const rename = await answer(await pluginCall(ada, "PATCH", `${base()}/${other.body.id}`, { body: { name: "taken" } }));
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe("duplicate_value");
    const keep = await answer(await pluginCall(ada, "PATCH", `${base()}/${other.body.id}`, { body: { name: "free", description: "Still free", cooldown_seconds: 30 } }));
    expect(keep.status).toBe(200);
    expect(keep.body).toMatchObject({ name: "free", cooldown_seconds: 30 });
  });

  it("frees a name when its command is deleted, and never counts other guilds", async () => {
    const first = await answer(await pluginCall(ada, "POST", base(), { body: command("phoenix") }));
    expect((await pluginCall(ada, "DELETE", `${base()}/${first.body.id}`)).status).toBe(204);
    expect((await pluginCall(ada, "POST", base(), { body: command("phoenix") })).status).toBe(201);
    const elsewhere = addScratchGuild(harness, "workshop");
    expect((await pluginCall(ada, "POST", base(elsewhere), { body: command("phoenix") })).status).toBe(201);
  });

  it("still checks the platform's command name rule first", async () => {
    const invalid = await answer(await pluginCall(ada, "POST", base(), { body: command("Not A Name") }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("validation_failed");
    expect(invalid.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: "name" })]));
  });
});

describe("createItems with unique fields", () => {
  const definition = { ...commands, unique: ["name"] } as CollectionDefinition;
  const writer = { userId: "100000000000000001", buffs: ["premium"] };

  it("compares trimmed values case-insensitively, against stored items and within the batch", async () => {
    const db = await getDb();
    const scope = { guildId: addScratchGuild(harness, "workshop"), pluginId: "commands", collection: "commands" };
    await createItems(db, scope, definition, writer, [{ name: "Rules" }]);
    await expect(createItems(db, scope, definition, writer, [{ name: " rules " }])).rejects.toMatchObject({ status: 409, code: "duplicate_value" });
    const batch = createItems(db, scope, definition, writer, [{ name: "a" }, { name: "A" }]);
    await expect(batch).rejects.toBeInstanceOf(ApiError);
    // Nothing of a refused batch is stored.
    await expect(createItems(db, scope, definition, writer, [{ name: "a" }, { name: "b" }])).resolves.toHaveLength(2);
  });
});
