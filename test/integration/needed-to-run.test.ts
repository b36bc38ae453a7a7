/** @jest-environment node */
// A plugin is not turned on (nor left on) without what it needs to run: Welcome's channel while
// join messages are on. The refusal names the field by its label, in the caller's language.
import { and, eq } from "drizzle-orm";
import { POST as revert } from "@/app/api/guilds/[guildId]/audit-log/[eventId]/revert/route";
import { getDb } from "@/lib/db/client";
import { guildPlugins } from "@/lib/db/schema";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { auditEvents, pluginCall, readBody, type Envelope } from "@/test/api";
import { call } from "@/test/route-client";
import { scratchGuildForThisBlock } from "@/test/sign-in";

type Json = Record<string, unknown>;
const scratch = scratchGuildForThisBlock("Needs");

const patch = (body: Json, headers: Record<string, string> = {}) => pluginCall(scratch.ada, "PATCH", `/welcome/config/${scratch.guild}`, { body, headers });

it("refuses to turn Welcome on without a welcome channel, naming it in the caller's language, and changes nothing", async () => {
  const refused = await patch({ enabled: true }, { [LOCALE_HEADER]: "fr" });
  expect(refused.status).toBe(400);
  const body = (await readBody(refused)) as Envelope;
  expect(body.fields).toEqual([{ path: "join_channel_id", code: "needed_to_run", params: { field: "Salon de bienvenue", plugin: "Bienvenue" }, message: "Renseignez « Salon de bienvenue » avant d’activer Bienvenue." }]);
  expect(body.message).toBe("Renseignez « Salon de bienvenue » avant d’activer Bienvenue.");
  const state = (await readBody(await pluginCall(scratch.ada, "GET", `/welcome/config/${scratch.guild}`))) as Json;
  expect(state.enabled).toBe(false);
});

it("turns it on once the channel is chosen, or when join messages are off", async () => {
  expect((await patch({ join_enabled: false, enabled: true })).status).toBe(200);
  // Turning join messages back on while the plugin runs needs the channel now.
  expect((await patch({ join_enabled: true })).status).toBe(400);
  expect((await patch({ join_enabled: true, join_channel_id: scratch.channel })).status).toBe(200);
  // Clearing it while the plugin is on is refused; other changes still save.
  expect((await patch({ join_channel_id: null })).status).toBe(400);
  expect((await patch({ leave_enabled: false, join_message: "Hi {user.mention}" })).status).toBe(200);
});

describe("messages of an enabled plugin", () => {
  it("refuses an empty welcome message, naming the field in the caller's language", async () => {
    expect((await patch({ join_enabled: true, join_channel_id: scratch.channel, join_message: "Hi {user.mention}", enabled: true })).status).toBe(200);
    for (const blank of ["", "   "]) {
      const refused = await patch({ join_message: blank }, { [LOCALE_HEADER]: "de" });
      expect(refused.status).toBe(400);
      expect(((await readBody(refused)) as Envelope).fields).toEqual([
        {
          path: "join_message",
          code: "needed_for_option",
          params: { field: "Willkommensnachricht", option: "Willkommensnachricht senden" },
          message: "Fülle „Willkommensnachricht“ aus, um „Willkommensnachricht senden“ zu nutzen.",
        },
      ]);
    }
    const state = (await readBody(await pluginCall(scratch.ada, "GET", `/welcome/config/${scratch.guild}`))) as { config: Json };
    expect(state.config.join_message).toBe("Hi {user.mention}");
  });

  it("refuses a message past the platform's 2,000 characters, in the caller's language", async () => {
    const refused = await patch({ join_message: "a".repeat(2100) }, { [LOCALE_HEADER]: "fr" });
    expect(refused.status).toBe(400);
    const body = (await readBody(refused)) as Envelope;
    expect(body.code).toBe("validation_failed");
    expect(body.fields).toEqual([{ path: "join_message", code: "too_long", params: { max: 2000 }, message: expect.stringMatching(/^Utilisez au plus 2\s000 caractères\.$/) }]);
  });
});

describe("an option without what it needs", () => {
  const levels = (body: Json, headers: Record<string, string> = {}) => pluginCall(scratch.ada, "PATCH", `/levels/config/${scratch.guild}`, { body, headers });

  it("refuses level-ups announced in a chosen channel without the channel, on or off", async () => {
    for (const enabled of [false, true]) {
      expect((await levels({ enabled })).status).toBe(200);
      const refused = await levels({ level_up_announcement: "custom_channel" }, { [LOCALE_HEADER]: "es" });
      expect(refused.status).toBe(400);
      const [issue] = ((await readBody(refused)) as Envelope).fields ?? [];
      expect(issue).toMatchObject({ path: "level_up_channel_id", code: "needed_for_option" });
      expect(issue?.message).toMatch(/^Completa «.+» para usar «.+»\.$/);
    }
    // With the channel, in the same request, it saves.
    expect((await levels({ level_up_announcement: "custom_channel", level_up_channel_id: scratch.channel })).status).toBe(200);
  });
});

it("a revert is refused when it would bring back an option without what it needs", async () => {
  // A config saved before goodbye messages needed their channel: on, with none.
  const db = await getDb();
  const where = and(eq(guildPlugins.guildId, scratch.guild), eq(guildPlugins.pluginId, "welcome"));
  const [row] = await db.select().from(guildPlugins).where(where);
  await db.update(guildPlugins).set({ config: { ...(row!.config as Json), leave_enabled: true, leave_channel_id: null } }).where(where);
  // Unrelated changes of that old config still save; the channel is then chosen.
  expect((await patch({ leave_message: "Bye {user.name}" })).status).toBe(200);
  expect((await patch({ leave_channel_id: scratch.channel })).status).toBe(200);
  const [latest] = await auditEvents(scratch.ada, scratch.guild, 1);
  const refused = await call(revert, "/x", { method: "POST", jar: scratch.ada, params: { guildId: scratch.guild, eventId: latest!.id } });
  expect(refused.status).toBe(400);
  expect(((await readBody(refused)) as Envelope).fields?.map((field) => [field.path, field.code])).toEqual([["leave_channel_id", "needed_for_option"]]);
});
