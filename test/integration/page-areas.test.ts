/** @jest-environment node */
// Which cached pages a guild write expires (lib/guilds/page-cache-tag.ts): a plugin's settings or
// items saved expire that plugin's page and the audit log, switching it on or off the overview
// too (the menu reads its dots in the browser), and any write that does not say what it changed
// (the guild's own settings here) every page of the guild. A refused write expires nothing.
import { PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { pluginCall } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { countPageExpiries, type PageExpiries } from "@/test/page-expiries";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let expiries: PageExpiries;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
});
afterAll(() => harness.stop());
beforeEach(() => {
  guild = addScratchGuild(harness, "workshop");
  expiries = countPageExpiries();
});

const expired = () => ({ guild: expiries.of(guild), areas: expiries.areas(guild) });

it("a plugin's settings saved: its page and the audit log, not the guild's other pages", async () => {
  expect((await pluginCall(ada, "PATCH", `/search/config/${guild}`, { body: { urban_enabled: false } })).status).toBe(200);
  expect(expired()).toEqual({ guild: 0, areas: ["audit-log", "search"] });
});

it("a plugin switched on: the overview's switches as well", async () => {
  expect((await pluginCall(ada, "PATCH", `/search/config/${guild}`, { body: { enabled: true } })).status).toBe(200);
  expect(expired()).toEqual({ guild: 0, areas: ["audit-log", "overview", "search"] });
});

it("a plugin's item added, changed and deleted: its page and the audit log", async () => {
  const created = await pluginCall(ada, "POST", `/commands/guilds/${guild}/commands`, { body: { name: "rules", response: "Be kind" } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await pluginCall(ada, "PATCH", `/commands/guilds/${guild}/commands/${id}`, { body: { response: "Be kinder" } })).status).toBe(200);
  expect((await pluginCall(ada, "DELETE", `/commands/guilds/${guild}/commands/${id}`)).status).toBe(204);
  expect(expired()).toEqual({ guild: 0, areas: ["audit-log", "commands"] });
  expect(expiries.ofArea(guild, "commands")).toBe(3);
});

it("a refused save expires nothing", async () => {
  expect((await pluginCall(ada, "PATCH", `/search/config/${guild}`, { body: { urban_enabled: "yes" } })).status).toBe(400);
  expect((await pluginCall(ada, "POST", `/commands/guilds/${guild}/commands`, { body: { name: "" } })).status).toBe(400);
  expect(expired()).toEqual({ guild: 0, areas: [] });
});

it("the guild's own settings saved: every page of the guild", async () => {
  const saved = await call(patchGuild, `/api/guilds/${guild}`, { method: "PATCH", jar: ada, params: { guildId: guild }, body: { activePrefix: "?" } });
  expect(saved.status).toBe(200);
  expect(expired()).toEqual({ guild: 1, areas: [] });
});
