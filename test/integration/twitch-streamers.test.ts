/** @jest-environment node */
// /api/plugins/twitch/guilds/{guild}/streamers/{streamer} takes the streamer's login as well as
// the item's id: read, change and delete go through the generic item pipeline (permission,
// audit row), and only this guild's subscriptions are reachable.
import { USER_IDS } from "@/emulators/platform/data/ids";
import { auditEventsSince, lastAuditId, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { lookupSource } from "@/lib/providers/routes";

let harness: EmulatorHarness;
let social: SocialHarness;
let ada: CookieJar;
let bjorn: CookieJar;
let guild: string;
let other: string;
const channels: Record<string, string> = {};

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  social = await startSocialHarness();
  guild = addScratchGuild(harness, "workshop", "Twitch alerts");
  other = addScratchGuild(harness, "workshop", "Other server");
  [ada, bjorn] = [await signedInJar(harness), await signedInJar(harness, USER_IDS.bjorn)];
  for (const id of [guild, other]) channels[id] = (await guildRefs(id)).channel;
});
afterAll(() => Promise.all([harness.stop(), social.stop()]));

const streamers = (guildId: string) => `/twitch/guilds/${guildId}/streamers`;

async function answer(response: Response) {
  return { status: response.status, body: (await readBody(response)) as Record<string, unknown> };
}

/** Subscribes as the form does: the streamer's Twitch user id, shown by the login as typed. */
async function subscribe(guildId: string, login: string) {
  const source = await lookupSource("twitch", login);
  const body = { source_id: source.id, source_name: login, channel_id: channels[guildId], message: "", mention_role_id: null };
  const created = await answer(await pluginCall(ada, "POST", streamers(guildId), { body }));
  if (created.status !== 201) throw new Error(`subscribe failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

describe("a guild's Twitch subscription by login", () => {
  it("is read by login in any case, or by its id", async () => {
    const created = await subscribe(guild, "Ada_Plays");
    const byLogin = await answer(await pluginCall(ada, "GET", `${streamers(guild)}/ada_plays`));
    expect(byLogin.status).toBe(200);
    expect(byLogin.body).toMatchObject({ id: created.id, source_id: "141981764", source_name: "Ada_Plays" });
    expect((await answer(await pluginCall(ada, "GET", `${streamers(guild)}/${String(created.id)}`))).body.id).toBe(created.id);
  });

  it("is found by login through the streamer's Twitch id, whatever name it is shown by", async () => {
    const source = await lookupSource("twitch", "adalovelacecodes");
    const body = { source_id: source.id, source_name: "Ada's coding channel", channel_id: channels[guild], message: "", mention_role_id: null };
    const created = await answer(await pluginCall(ada, "POST", streamers(guild), { body }));
    expect(created.status).toBe(201);
    const byLogin = await answer(await pluginCall(ada, "GET", `${streamers(guild)}/AdaLovelaceCodes`));
    expect(byLogin.body).toMatchObject({ id: created.body.id, source_id: source.id });
    expect((await pluginCall(ada, "DELETE", `${streamers(guild)}/adalovelacecodes`)).status).toBe(204);
  });

  it("is changed by login through the item pipeline, with its audit row", async () => {
    const since = await lastAuditId(ada, guild);
    const changed = await answer(await pluginCall(ada, "PATCH", `${streamers(guild)}/ADA_PLAYS`, { body: { message: "{streamer} is live: {title}" } }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ source_name: "Ada_Plays", message: "{streamer} is live: {title}", version: 2 });
    const events = await auditEventsSince(ada, guild, since);
    expect(events.map((event) => event.action)).toEqual(["item.update"]);
  });

  it("answers 404 for a login the guild has no alert for, and for another guild's subscription", async () => {
    const elsewhere = await subscribe(other, "adastra_gg");
    for (const path of [`${streamers(guild)}/nobody_here`, `${streamers(guild)}/adastra_gg`, `${streamers(guild)}/${String(elsewhere.id)}`]) {
      const missing = await answer(await pluginCall(ada, "GET", path));
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe("item_not_found");
    }
    expect((await answer(await pluginCall(ada, "DELETE", `${streamers(guild)}/adastra_gg`))).status).toBe(404);
    expect((await answer(await pluginCall(ada, "GET", `${streamers(other)}/adastra_gg`))).status).toBe(200);
  });

  it("refuses what is neither a login nor an id with 400", async () => {
    const bad = await answer(await pluginCall(ada, "GET", `${streamers(guild)}/not a login!`));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_failed");
  });

  it("is refused to a member who cannot manage the guild", async () => {
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const refused = await pluginCall(bjorn, method, `${streamers(guild)}/ada_plays`, method === "PATCH" ? { body: { message: "hi" } } : {});
      expect(refused.status).toBe(403);
    }
    expect((await answer(await pluginCall(ada, "GET", `${streamers(guild)}/ada_plays`))).status).toBe(200);
  });

  it("is deleted by login, with its audit row", async () => {
    const since = await lastAuditId(ada, guild);
    expect((await pluginCall(ada, "DELETE", `${streamers(guild)}/ada_plays`)).status).toBe(204);
    expect((await answer(await pluginCall(ada, "GET", `${streamers(guild)}/ada_plays`))).status).toBe(404);
    expect((await auditEventsSince(ada, guild, since)).map((event) => event.action)).toEqual(["item.delete"]);
  });
});
