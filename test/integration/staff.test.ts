/** @jest-environment node */
// The staff tools (users whose platform flags carry the staff bit: the emulator's Sam): anyone
// else, signed in or not, is answered 404 as if nothing were there, before the request is read;
// staff look up a guild (its subscription, plugins, credits and recent jobs) and a user; a
// staff grant of credits needs a reason, writes a ledger line and is audited in the guild's
// log as a staff action, which the guild's owner reads.
import { randomUUID } from "node:crypto";
import { GET as staffGuild } from "@/app/api/staff/guilds/[id]/route";
import { POST as staffGrant } from "@/app/api/staff/guilds/[id]/credits/route";
import { GET as staffUser } from "@/app/api/staff/users/[userId]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { getDb } from "@/lib/db/client";
import { getQueue, stopQueue } from "@/lib/jobs/queue";
import { ROLE_JOB } from "@/lib/plugins/birthdays/role";
import { auditEventsSince, lastAuditId, pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let sam: CookieJar;
let guild: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Staff hall");
  ada = await signedInJar(harness);
  sam = await signedInJar(harness, USER_IDS.sam);
}, 60_000);
afterAll(async () => {
  await stopQueue();
  await harness.stop();
});

const lookUpGuild = (jar: CookieJar | undefined, id = guild) => call(staffGuild, `/api/staff/guilds/${id}`, { jar, params: { id } });
const lookUpUser = (jar: CookieJar | undefined, userId: string) => call(staffUser, `/api/staff/users/${userId}`, { jar, params: { userId } });
const grant = (jar: CookieJar | undefined, body: unknown, id = guild) => call(staffGrant, `/api/staff/guilds/${id}/credits`, { method: "POST", jar, params: { id }, body });

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

describe("anyone but staff", () => {
  it.each([
    ["anonymous", () => undefined],
    ["Ada (owner of the guild, not staff)", () => ada],
  ])("%s gets 404 not_found from every staff route, even with bad input, and nothing is written", async (_name, jar) => {
    const since = await lastAuditId(ada, guild);
    for (const response of [await lookUpGuild(jar()), await lookUpGuild(jar(), "not-an-id"), await lookUpUser(jar(), USER_IDS.ada), await grant(jar(), { amount: 5, reason: "Because I say so" }), await grant(jar(), { amount: -1 })]) {
      const body = await json<Envelope>(response, 404);
      expect(body).toEqual({ code: "not_found", status_code: 404, message: "There is nothing here.", error: { message: "There is nothing here." } });
    }
    expect(await auditEventsSince(ada, guild, since)).toEqual([]);
  });
});

describe("staff lookups", () => {
  it("show a guild's subscription, plugins, credits and recent jobs", async () => {
    const db = await getDb();
    await db.transaction((tx) =>
      applyProviderSubscription(tx, { provider: "crypto", externalId: `1:0x${randomUUID().replaceAll("-", "")}`, customerId: null, guildId: guild, userId: USER_IDS.ada, plan: "premium", periodMonths: 1, status: "active", currentPeriodEnd: new Date(Date.now() + 86_400_000), cancelAtPeriodEnd: false, paymentMethod: null, withCustomBot: false }),
    );
    expect((await pluginCall(ada, "PATCH", `/moderator/config/${guild}`, { body: { enabled: true } })).status).toBe(200);
    const queue = await getQueue();
    await queue.createQueue(ROLE_JOB);
    const jobId = await queue.send(ROLE_JOB, { guildId: guild, userId: USER_IDS.bjorn, roleId: freshSnowflake(), give: true }, { startAfter: 3600 });

    const found = await json<{ guild_id: string; subscriptions: Array<Record<string, unknown>>; plugins: Array<Record<string, unknown>>; credits: number; jobs: Array<Record<string, unknown>> }>(await lookUpGuild(sam), 200);
    expect(found.guild_id).toBe(guild);
    expect(found.subscriptions).toEqual([expect.objectContaining({ provider: "crypto", plan: "premium", status: "active", user_id: USER_IDS.ada })]);
    expect(found.plugins).toContainEqual(expect.objectContaining({ plugin_id: "moderator", enabled: true }));
    expect(found.credits).toBe(0);
    expect(found.jobs).toContainEqual(expect.objectContaining({ id: jobId, name: ROLE_JOB, state: "created", error: null }));
  });

  it("show a user who signed in, with the subscriptions they bought", async () => {
    const found = await json<{ user: { id: string; username: string; staff: boolean }; subscriptions: Array<{ guild_id: string }> }>(await lookUpUser(sam, USER_IDS.ada), 200);
    expect(found.user).toMatchObject({ id: USER_IDS.ada, staff: false });
    expect(found.subscriptions.map((sub) => sub.guild_id)).toContain(guild);
    expect((await json<{ user: { staff: boolean } }>(await lookUpUser(sam, USER_IDS.sam), 200)).user.staff).toBe(true);
  });

  it("answer 404 for a guild or user Guildhall knows nothing of, and 400 for a malformed id", async () => {
    expect((await json<Envelope>(await lookUpGuild(sam, freshSnowflake()), 404)).code).toBe("not_found");
    expect((await json<Envelope>(await lookUpUser(sam, freshSnowflake()), 404)).code).toBe("not_found");
    expect((await json<Envelope>(await lookUpGuild(sam, "guild"), 400)).code).toBe("validation_failed");
  });
});

describe("a staff grant of credits", () => {
  it("needs a reason and a sensible amount, writing nothing otherwise", async () => {
    const since = await lastAuditId(ada, guild);
    const refused = await json<Envelope>(await grant(sam, { amount: 0, reason: "" }), 400);
    expect(refused.fields!.map((field) => field.path).sort()).toEqual(["amount", "reason"]);
    expect((await json<Envelope>(await grant(sam, { amount: 5 }), 400)).fields!.map((field) => field.path)).toEqual(["reason"]);
    expect(await auditEventsSince(ada, guild, since)).toEqual([]);
    expect((await json<{ balance: number }>(await pluginCall(ada, "GET", `/credits/guilds/${guild}/credits`), 200)).balance).toBe(0);
  });

  it("credits the guild, and is audited as a staff action in the guild's log, read by its owner", async () => {
    const since = await lastAuditId(ada, guild);
    expect(await json(await grant(sam, { amount: 40, reason: "Refund for the outage of 12 May" }), 200)).toEqual({ balance: 40 });
    const credits = await json<{ balance: number; ledger: Array<Record<string, unknown>> }>(await pluginCall(ada, "GET", `/credits/guilds/${guild}/credits`), 200);
    expect(credits.balance).toBe(40);
    expect(credits.ledger[0]).toMatchObject({ amount: 40, reason: "grant", actor_id: USER_IDS.sam, note: "Refund for the outage of 12 May" });
    const events = await auditEventsSince(ada, guild, since);
    expect(events).toEqual([
      expect.objectContaining({ action: "staff.credits_grant", target: expect.stringMatching(/^plugin:credits:grant:\d+$/), after: { staff: true, amount: 40, reason: "Refund for the outage of 12 May", balance: 40 }, revertible: false }),
    ]);
    expect((events[0] as unknown as { user: { id: string } }).user.id).toBe(USER_IDS.sam);
  });
});
