/** @jest-environment node */
// GET /api/guilds/{id}/emojis against the platform emulator: the picker's list of a guild's
// custom emojis, through the guild pipeline and the shared platform cache.
import { GET as listEmojis } from "@/app/api/guilds/[guildId]/emojis/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { resetEnvCache } from "@/lib/env";
import { isEnvelope, readBody } from "@/test/api";
import { GUILD_IDS } from "@/test/guild-harness";
import { call } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInForThisBlock } from "@/test/sign-in";

const signedIn = signedInForThisBlock();
let guild: string; // a copy of workshop: Ada owns it, the bot is in it

beforeAll(() => {
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  resetEnvCache();
  guild = addScratchGuild(signedIn.harness, "workshop");
});

const list = (id: string) => call(listEmojis, `/api/guilds/${id}/emojis`, { jar: signedIn.jar, params: { guildId: id } });

describe("GET /api/guilds/{id}/emojis", () => {
  it("answers the guild's own custom emojis as { id, name, animated, available }, not stored", async () => {
    const response = await list(guild);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const fixture = signedIn.harness.emulator.state.guild(guild)!.emojis;
    expect(await readBody(response)).toEqual({
      emojis: fixture.map((emoji) => ({ id: emoji.id, name: emoji.name, animated: emoji.animated, available: emoji.available })),
    });
    expect(fixture.map((emoji) => emoji.name)).toEqual(["solder", "gear_spin", "blue", "ada_wave", "old_logo"]);
    // A copy of a guild has emojis of its own: none is the original's.
    const original = new Set(signedIn.harness.emulator.state.guild(GUILD_IDS.workshop)!.emojis.map((emoji) => emoji.id));
    expect(fixture.some((emoji) => original.has(emoji.id))).toBe(false);
  });

  it("asks the platform once for many pickers opened at the same time", async () => {
    const other = addScratchGuild(signedIn.harness, "nightOwls");
    const before = signedIn.harness.callsTo("GET /guilds/:id/emojis");
    const answers = await Promise.all(Array.from({ length: 5 }, () => list(other)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(signedIn.harness.callsTo("GET /guilds/:id/emojis") - before).toBe(1);
  });

  it("says the bot is missing where Ada manages a guild without it", async () => {
    const response = await list(GUILD_IDS.pixelRaiders);
    const body = await readBody(response);
    expect(response.status).toBe(404);
    expect(isEnvelope(body, 404) && body.code).toBe("guild_not_found");
  });

  it("answers 502 in the envelope when the platform fails and nothing is cached", async () => {
    const fresh = addScratchGuild(signedIn.harness, "lofi", "Lo-fi (scratch, emojis down)");
    // Ada is a plain member of lofi: give her the guild so the access check passes first.
    signedIn.harness.emulator.state.guild(fresh)!.owner_id = USER_IDS.ada;
    signedIn.harness.emulator.injectFault({ path: `/guilds/${fresh}/emojis`, method: "GET", status: 500, count: 10 });
    const response = await list(fresh);
    const body = await readBody(response);
    expect(response.status).toBe(502);
    expect(isEnvelope(body, 502) && body.code).toBe("platform_unavailable");
  });
});
