/** @jest-environment node */
// A plugin is not turned on (nor left on) without what it needs to run: Welcome's channel while
// join messages are on. The refusal names the field by its label, in the caller's language.
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

type Json = Record<string, unknown>;
let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Needs");
  ada = await signedInJar(harness);
  channel = (await guildRefs(guild)).channel;
});
afterAll(() => harness.stop());

const patch = (body: Json, headers: Record<string, string> = {}) => pluginCall(ada, "PATCH", `/welcome/config/${guild}`, { body, headers });

it("refuses to turn Welcome on without a welcome channel, naming it in the caller's language, and changes nothing", async () => {
  const refused = await patch({ enabled: true }, { [LOCALE_HEADER]: "fr" });
  expect(refused.status).toBe(400);
  const body = (await readBody(refused)) as Envelope;
  expect(body.fields).toEqual([{ path: "join_channel_id", code: "needed_to_run", params: { field: "Salon de bienvenue", plugin: "Bienvenue" }, message: "Renseignez « Salon de bienvenue » avant d’activer Bienvenue." }]);
  expect(body.message).toBe("Renseignez « Salon de bienvenue » avant d’activer Bienvenue.");
  const state = (await readBody(await pluginCall(ada, "GET", `/welcome/config/${guild}`))) as Json;
  expect(state.enabled).toBe(false);
});

it("turns it on once the channel is chosen, or when join messages are off", async () => {
  expect((await patch({ join_enabled: false, enabled: true })).status).toBe(200);
  // Turning join messages back on while the plugin runs needs the channel now.
  expect((await patch({ join_enabled: true })).status).toBe(400);
  expect((await patch({ join_enabled: true, join_channel_id: channel })).status).toBe(200);
  // Clearing it while the plugin is on is refused; other changes still save.
  expect((await patch({ join_channel_id: null })).status).toBe(400);
  expect((await patch({ leave_enabled: false, join_message: "Hi {user.mention}" })).status).toBe(200);
});
