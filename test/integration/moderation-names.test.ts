/** @jest-environment node */
// How cases name people, as the moderation page lists them: a dashboard moderator by the name
// they signed in with (the case keeps the id), and the member of an unban (no member any more)
// by the name the platform's ban gives.
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { CaseView } from "@/lib/moderation/cases";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, grantBot } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { PermissionFlagsBits } from "discord-api-types/v10";

let harness: EmulatorHarness;
let ada: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
}, 60_000);
afterAll(() => harness.stop());

it("names the member of an unban as the ban did, and the dashboard moderator as they signed in", async () => {
  const guild = addScratchGuild(harness, "workshop", "Names");
  grantBot(harness, guild, PermissionFlagsBits.BanMembers);
  const act = async (type: string) => (await pluginCall(ada, "POST", `/moderator/guilds/${guild}/infractions`, { body: { type, user_id: USER_IDS.sam, reason: type } })).status;
  expect(await act("ban")).toBe(201);
  expect(await act("unban")).toBe(201);
  const listed = ((await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions`))) as { infractions: CaseView[] }).infractions;
  expect(listed.map((item) => [item.type, item.target.name, item.moderator.name])).toEqual([
    ["unban", "Sam (Staff)", "Ada"],
    ["ban", "Sam (Staff)", "Ada"],
  ]);
  const one = (await readBody(await pluginCall(ada, "GET", `/moderator/guilds/${guild}/infractions/${listed[0]!.id}`))) as { infraction: CaseView };
  expect(one.infraction.moderator).toEqual({ kind: "dashboard", id: USER_IDS.ada, name: "Ada" });
});
