/** @jest-environment node */
// Default bot messages are stored as keys and drawn in the language the bot speaks on the
// guild: the platform's preferred locale until the managers choose one, then their choice.
import { PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { defaultMessage } from "@/lib/templates/default-messages";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

type Json = Record<string, unknown>;
let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Languages");
  ada = await signedInJar(harness);
  channel = (await guildRefs(guild)).channel;
});
afterAll(() => harness.stop());

async function preview(message: string): Promise<string> {
  const response = await pluginCall(ada, "POST", `/timers/${guild}/preview`, { body: { message, channel_id: channel } });
  expect(response.status).toBe(200);
  return ((await readBody(response)) as Json).content as string;
}

const setLanguage = async (locale: string | null) =>
  expect((await call(patchGuild, `/api/guilds/${guild}`, { method: "PATCH", jar: ada, params: { guildId: guild }, body: { locale } })).status).toBe(200);

it("keeps a never-edited message as its key", async () => {
  const config = ((await readBody(await pluginCall(ada, "GET", `/welcome/config/${guild}`))) as Json).config as Json;
  expect(config.join_message).toBe(defaultMessage("welcome.join_message"));
  expect(config.card_title).toBe(defaultMessage("welcome.card_title"));
});

it("draws defaults in the guild's platform locale, then in the language its managers choose", async () => {
  harness.emulator.state.guild(guild)!.preferred_locale = "fr";
  refreshGuildCache(guild);
  await setLanguage(null);
  expect(await preview(defaultMessage("welcome.leave_message"))).toMatch(/ a quitté le serveur\.$/);
  await setLanguage("de");
  expect(await preview(defaultMessage("welcome.leave_message"))).toMatch(/ hat den Server verlassen\.$/);
  await setLanguage("ar");
  expect(await preview(defaultMessage("levels.level_up_message"))).toMatch(/^أحسنت يا <@\d+>، لقد ارتقيت مستوى!$/);
  // What an owner wrote is sent as written.
  expect(await preview("Bye {server.name}")).toBe("Bye Languages");
});
