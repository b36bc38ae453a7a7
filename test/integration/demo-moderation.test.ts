/** @jest-environment node */
// npm start's demo moderation (demo/seed-moderation.ts): a dozen cases (13) of every kind in
// the demo user's servers, made from the dashboard, by the bot and on Discord, one pardoned,
// recorded once however often the server starts; the bot's role there may ban, kick and time
// out. The cases read back through the API with the dashboard moderator named.
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { World } from "@/emulators/platform/model";
import { getDb } from "@/lib/db/client";
import type { CaseView } from "@/lib/moderation/cases";
import { demoModeratedGuilds, grantDemoModeration, seedDemoCases } from "@/demo/seed-moderation";
import { pluginCall, readBody, type Envelope } from "@/test/api";
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

/** A world holding only a fresh copy of Ada's workshop, so this file owns its cases. */
function scratchWorld(): { world: World; guild: string } {
  const guild = addScratchGuild(harness, "workshop", "Demo workshop");
  const full = harness.emulator.state.world;
  return { world: { ...full, guilds: new Map([[guild, full.guilds.get(guild)!]]) }, guild };
}

async function cases(guild: string): Promise<CaseView[]> {
  const response = await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions?include_pardoned=true&limit=100`);
  expect(response.status).toBe(200);
  return ((await readBody(response)) as { infractions: CaseView[] }).infractions;
}

it("records a dozen cases (13) of every kind once, one pardoned, the bot's after a third warning", async () => {
  const { world, guild } = scratchWorld();
  expect(demoModeratedGuilds(world).map((each) => each.id)).toEqual([guild]);
  const db = await getDb();
  const now = Date.parse("2026-03-01T12:00:00Z");
  expect(await seedDemoCases(db, world, now)).toBe(13);
  expect(await seedDemoCases(db, world, now + 86_400_000)).toBe(0);

  const listed = (await cases(guild)).reverse();
  expect(listed.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  expect(new Set(listed.map((item) => item.type))).toEqual(new Set(["warn", "timeout", "timeout_removed", "kick", "ban", "unban", "softban", "note"]));
  expect(new Set(listed.map((item) => item.moderator.kind))).toEqual(new Set(["dashboard", "bot", "platform"]));
  expect(listed.filter((item) => item.pardoned).map((item) => item.id)).toEqual([13]);
  // Newest last, every one in the past.
  const times = listed.map((item) => Date.parse(item.created_at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times.every((time) => time < now)).toBe(true);
  const escalation = listed.find((item) => item.moderator.kind === "bot")!;
  expect(escalation).toMatchObject({ type: "timeout", duration_seconds: 3600, related_case_id: escalation.id - 1 });
  expect(listed.filter((item) => item.type === "warn" && item.target.id === escalation.target.id)).toHaveLength(3);
  // Chen acts in Discord's own client; Ada's cases carry her name as she signed in.
  expect(listed.find((item) => item.moderator.kind === "platform")!.moderator).toMatchObject({ id: USER_IDS.chen, name: "Chen Wei" });
  expect(listed.find((item) => item.moderator.kind === "dashboard")!.moderator).toEqual({ kind: "dashboard", id: USER_IDS.ada, name: "Ada" });
  expect(listed.every((item) => item.target.name)).toBe(true);
});

it("lets the bot ban, kick and time out in the demo servers", async () => {
  const { world, guild } = scratchWorld();
  const ban = () => pluginCall(ada, "POST", `/moderator/guilds/${guild}/infractions`, { body: { type: "ban", user_id: USER_IDS.sam, reason: "Demo" } });
  const refused = await ban();
  expect({ status: refused.status, code: ((await readBody(refused)) as Envelope).code }).toEqual({ status: 403, code: "mod_bot_cannot_ban" });
  grantDemoModeration(world);
  const { refreshGuildCache } = await import("@/lib/platform/bot-api");
  await refreshGuildCache(guild);
  expect((await ban()).status).toBe(201);
});
