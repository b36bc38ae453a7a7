/** @jest-environment node */
// A plugin is not turned on (nor left on) without what it needs to run: Welcome's channel while
// join messages are on. The refusal names the field by its label, in the caller's language.
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { pluginCall, readBody, type Envelope } from "@/test/api";
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
