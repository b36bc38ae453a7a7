/** @jest-environment node */
// First-login data: the onboarding survey of a server (POST /guilds/{id}/onboarding_survey), which
// the Guild entity then shows as `discord_usage` and `is_business`, and a user's own first-login
// answers and getting-started state (GET/POST /users/@me/onboarding-typeform).
import { GET as getGuild } from "@/app/api/guilds/[guildId]/route";
import { POST as answerSurvey } from "@/app/api/guilds/[guildId]/onboarding_survey/route";
import { GET as readTypeform, POST as saveTypeform } from "@/app/api/users/[userId]/onboarding-typeform/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { resetEnvCache } from "@/lib/env";
import { isEnvelope, readBody } from "@/test/api";
import { call } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInForThisBlock, signedInJar } from "@/test/sign-in";

const signedIn = signedInForThisBlock();

beforeAll(() => {
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  resetEnvCache();
});

const survey = (guildId: string, body: unknown) => call(answerSurvey, `/api/guilds/${guildId}/onboarding_survey`, { method: "POST", jar: signedIn.jar, params: { guildId }, body });
const entity = async (guildId: string) => (await readBody(await call(getGuild, `/api/guilds/${guildId}`, { jar: signedIn.jar, params: { guildId } }))) as Record<string, unknown>;

describe("POST /api/guilds/{id}/onboarding_survey", () => {
  it("stores what the server is for, which the Guild entity shows; answering again replaces it", async () => {
    const guild = addScratchGuild(signedIn.harness, "workshop");
    expect(await entity(guild)).toMatchObject({ discord_usage: null, is_business: null });
    const first = await survey(guild, { discord_usage: "community", is_business: false });
    expect(first.status).toBe(200);
    expect(await readBody(first)).toEqual({ survey: { discord_usage: "community", is_business: false } });
    expect(await entity(guild)).toMatchObject({ discord_usage: "community", is_business: false });
    await survey(guild, { discord_usage: "business", is_business: true });
    expect(await entity(guild)).toMatchObject({ discord_usage: "business", is_business: true });
  });

  it("refuses an unknown usage, a missing answer and extra fields, storing nothing", async () => {
    const guild = addScratchGuild(signedIn.harness, "workshop");
    for (const body of [{ discord_usage: "crypto", is_business: false }, { discord_usage: "gaming" }, { discord_usage: "gaming", is_business: "yes" }, { discord_usage: "gaming", is_business: false, extra: 1 }]) {
      const response = await survey(guild, body);
      const error = await readBody(response);
      expect(isEnvelope(error, 400)).toBe(true);
    }
    expect(await entity(guild)).toMatchObject({ discord_usage: null, is_business: null });
  });
});

describe("/api/users/@me/onboarding-typeform", () => {
  const read = (jar = signedIn.jar) => call(readTypeform, "/api/users/@me/onboarding-typeform", { jar, params: { userId: "@me" } });
  const save = (body: unknown, jar = signedIn.jar) => call(saveTypeform, "/api/users/@me/onboarding-typeform", { method: "POST", jar, params: { userId: "@me" }, body });

  it("starts empty, keeps answers, then done, each without losing the other", async () => {
    const jar = await signedInJar(signedIn.harness, USER_IDS.dani);
    expect(await readBody(await read(jar))).toEqual({ answers: null, answered_at: null, done: false });
    const answered = (await readBody(await save({ answers: { role: "moderator", heard_from: "friend" } }, jar))) as { answers: unknown; answered_at: string; done: boolean };
    expect(answered).toMatchObject({ answers: { role: "moderator", heard_from: "friend" }, done: false });
    expect(Date.parse(answered.answered_at)).toBeGreaterThan(Date.now() - 60_000);
    await save({ done: true }, jar);
    expect(await readBody(await read(jar))).toMatchObject({ answers: { role: "moderator", heard_from: "friend" }, done: true });
    // Another user's state is their own.
    expect(await readBody(await read())).toMatchObject({ done: false });
  });

  it("refuses an empty body, unknown answers and someone else's id", async () => {
    for (const body of [{}, { answers: { role: "king", heard_from: "friend" } }, { done: false }, { answers: { role: "owner" } }]) {
      expect(isEnvelope(await readBody(await save(body)), 400)).toBe(true);
    }
    const other = await call(readTypeform, `/api/users/${USER_IDS.sam}/onboarding-typeform`, { jar: signedIn.jar, params: { userId: USER_IDS.sam } });
    expect(other.status).toBe(403);
    expect((await call(readTypeform, "/api/users/@me/onboarding-typeform", { params: { userId: "@me" } })).status).toBe(401);
  });
});
