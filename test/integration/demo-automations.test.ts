/** @jest-environment node */
// npm start's demo automation (demo/seed-automations.ts): Automations on with "Welcome newcomers",
// once however often the server starts; it reads back through the dashboard's API, goes to
// the bot in its config, and its dry run answers for each action.
import type { World } from "@/emulators/platform/model";
import { createBotKey } from "@/lib/bot-contract/keys";
import { getDb } from "@/lib/db/client";
import { seedDemoAutomations } from "@/demo/seed-automations";
import { pluginCall, readBody } from "@/test/api";
import { readConfig } from "@/test/bot-api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
}, 60_000);
afterAll(() => harness.stop());

it("turns Automations on with one welcome automation, once; the bot's config lists it and its dry run answers", async () => {
  const guild = addScratchGuild(harness, "workshop", "Demo automations");
  const full = harness.emulator.state.world;
  const world: World = { ...full, guilds: new Map([[guild, full.guilds.get(guild)!]]) };
  const db = await getDb();
  expect(await seedDemoAutomations(db, world)).toBe(1);
  expect(await seedDemoAutomations(db, world)).toBe(0);

  const listed = await pluginCall(ada, "GET", `/automations/guilds/${guild}/automations`);
  const { items } = (await readBody(listed)) as { items: Array<Record<string, unknown> & { name: string }> };
  expect(items.map((item) => item.name)).toEqual(["Welcome newcomers"]);

  const { key } = await createBotKey(db, "demo automations bot", []);
  const config = await readConfig(key, guild);
  expect(config.automations.map((automation) => [automation.name, automation.trigger.type, automation.actions.map((action) => action.type)])).toEqual([["Welcome newcomers", "member_join", ["send_message", "send_dm"]]]);

  const { id: _id, position: _position, version: _version, ...automation } = items[0]!;
  const dry = await pluginCall(ada, "POST", `/automations/guilds/${guild}/automations/dry-run`, { body: { automation, sample: { member_name: "newcomer", account_age_days: 3 } } });
  expect(dry.status).toBe(200);
  const { steps } = (await readBody(dry)) as { steps: Array<{ status: string; content?: string }> };
  expect(steps).toEqual([
    expect.objectContaining({ status: "run", content: expect.stringMatching(/^Welcome to Demo automations, <@\d+>! Say hello 👋$/) }),
    expect.objectContaining({ status: "run", content: "Glad you're here, newcomer. Read the rules, then come say hi!" }),
  ]);
});
