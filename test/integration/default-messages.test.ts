/** @jest-environment node */
// Default bot messages are stored as keys and drawn in the language the bot speaks on the
// guild: the platform's preferred locale until the managers choose one, then their choice.
import { PATCH as patchGuild } from "@/app/api/guilds/[guildId]/route";
import { refreshGuildCache } from "@/lib/platform/bot-api";
import { defaultMessage } from "@/lib/templates/default-messages";
import { pluginCall, readBody } from "@/test/api";
import { call } from "@/test/route-client";
import { scratchGuildForThisBlock } from "@/test/sign-in";

type Json = Record<string, unknown>;
const scratch = scratchGuildForThisBlock("Languages");

async function preview(message: string): Promise<string> {
  const response = await pluginCall(scratch.ada, "POST", `/timers/${scratch.guild}/preview`, { body: { message, channel_id: scratch.channel } });
  expect(response.status).toBe(200);
  return ((await readBody(response)) as Json).content as string;
}

const setLanguage = async (locale: string | null) =>
  expect((await call(patchGuild, `/api/guilds/${scratch.guild}`, { method: "PATCH", jar: scratch.ada, params: { guildId: scratch.guild }, body: { locale } })).status).toBe(200);

it("keeps a never-edited message as its key", async () => {
  const config = ((await readBody(await pluginCall(scratch.ada, "GET", `/welcome/config/${scratch.guild}`))) as Json).config as Json;
  expect(config.join_message).toBe(defaultMessage("welcome.join_message"));
  expect(config.card_title).toBe(defaultMessage("welcome.card_title"));
});

it("draws defaults in the guild's platform locale, then in the language its managers choose", async () => {
  scratch.harness.emulator.state.guild(scratch.guild)!.preferred_locale = "fr";
  await refreshGuildCache(scratch.guild);
  await setLanguage(null);
  expect(await preview(defaultMessage("welcome.leave_message"))).toMatch(/ a quitté le serveur\.$/);
  await setLanguage("de");
  expect(await preview(defaultMessage("welcome.leave_message"))).toMatch(/ hat den Server verlassen\.$/);
  await setLanguage("ar");
  expect(await preview(defaultMessage("levels.level_up_message"))).toMatch(/^أحسنت يا <@\d+>، لقد ارتقيت مستوى!$/);
  // What an owner wrote is sent as written.
  expect(await preview("Bye {server.name}")).toBe("Bye Languages");
});
