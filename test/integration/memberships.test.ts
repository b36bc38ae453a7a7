/** @jest-environment node */
// Memberships end to end (issue 25): the owner's plans on the guild's Stripe Connect account,
// a member subscribing through the Stripe fake's hosted checkout over loopback, the webhook
// recording the membership and the job engine giving the role in the platform emulator; a
// renewal extends it, a plan change swaps the roles, a cancellation takes the role back.
import { eq } from "drizzle-orm";
import { PATCH as changePlan } from "@/app/api/memberships/subscriptions/[membershipId]/route";
import { POST as subscribe } from "@/app/api/memberships/subscriptions/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { membershipAccounts, memberships } from "@/lib/db/schema";
import { membershipExpireJob, membershipRoleJob } from "@/lib/memberships/role-jobs";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addRole, addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startStripeHarness } from "@/test/stripe-harness";
import { startTwoWorkers } from "@/test/two-workers";
import { waitFor } from "@/test/wait-for";

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let ada: CookieJar;
let bjorn: CookieJar;
let workers: { stop: () => Promise<void> };

beforeAll(async () => {
  process.env.RATE_LIMIT_CHECKOUTS_PER_MINUTE = "1000";
  harness = await startEmulatorHarness();
  stripe = await startStripeHarness();
  ada = await signedInJar(harness);
  bjorn = await signedInJar(harness, USER_IDS.bjorn);
  workers = await startTwoWorkers([membershipRoleJob, membershipExpireJob]);
}, 60_000);
afterAll(async () => {
  await workers.stop();
  await stripe.stop();
  await harness.stop();
});

type Plan = { id: string; name: string; price_cents: number; currency: string; period: string; role_id: string };

async function guildWithPlans(config: Record<string, unknown> = {}) {
  const guild = addScratchGuild(harness, "workshop", "Members club");
  const [supporter, patron] = [addRole(harness, guild, { name: "Supporter" }), addRole(harness, guild, { name: "Patron" })];
  // Memberships is a Premium plugin.
  await setBuffs(guild, ["premium"]);
  expect((await pluginCall(ada, "PATCH", `/memberships/config/${guild}`, { body: { enabled: true, currency: "eur", grace_period_days: 0, ...config } })).status).toBe(200);
  const create = async (body: Record<string, unknown>) => {
    const response = await pluginCall(ada, "POST", `/memberships/guilds/${guild}/plans`, { body });
    expect(response.status).toBe(201);
    return ((await readBody(response)) as { plan: Plan }).plan;
  };
  const monthly = await create({ name: "Supporter", price_cents: 500, period: "month", role_id: supporter, description: "Our thanks" });
  const yearly = await create({ name: "Patron", price_cents: 12_000, period: "year", role_id: patron });
  return { guild, supporter, patron, monthly, yearly };
}

const rolesOf = (guild: string, userId: string) => harness.emulator.state.guild(guild)!.members.get(userId)?.roles ?? [];

/** Bjorn subscribes to `planId` on the fake's hosted page with the test card; the membership row once the webhook landed. */
async function buy(guild: string, planId: string) {
  const started = await call(subscribe, "/api/memberships/subscriptions", { method: "POST", jar: bjorn, body: { guild_id: guild, plan_id: planId } });
  expect(started.status).toBe(200);
  const { url } = (await readBody(started)) as { url: string };
  expect(url.startsWith(stripe.url)).toBe(true);
  const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12 / 34", card_cvc: "123" }), redirect: "manual" });
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toMatch(new RegExp(`/en/memberships/${guild}\\?joined=${planId}$`));
  const db = await getDb();
  const [row] = await db.select().from(memberships).where(eq(memberships.guildId, guild));
  return row!;
}

const membersOf = async (guild: string) => (await readBody(await pluginCall(ada, "GET", `/memberships/guilds/${guild}/members`))) as { members: Array<Record<string, unknown>>; revenue: Array<Record<string, unknown>> };

it("sells a plan on the guild's own account: checkout, role given by the job engine, renewal extends it, cancellation takes the role back", async () => {
  const { guild, supporter, monthly } = await guildWithPlans();
  expect(monthly).toMatchObject({ name: "Supporter", price_cents: 500, currency: "eur", period: "month" });
  const [account] = await (await getDb()).select().from(membershipAccounts).where(eq(membershipAccounts.guildId, guild));
  expect(stripe.state.accounts.has(account!.stripeAccountId)).toBe(true);

  const membership = await buy(guild, monthly.id);
  expect(membership).toMatchObject({ userId: USER_IDS.bjorn, planId: monthly.id, roleId: supporter, status: "active", stripeAccountId: account!.stripeAccountId });
  // The subscription lives on the guild's account, not the platform's.
  expect(stripe.state.subscriptions.get(membership.stripeSubscriptionId)!.account).toBe(account!.stripeAccountId);
  await waitFor(() => rolesOf(guild, USER_IDS.bjorn).includes(supporter), 20_000, "the Supporter role");

  await stripe.advancePeriod(membership.stripeSubscriptionId);
  const [renewed] = await (await getDb()).select().from(memberships).where(eq(memberships.id, membership.id));
  expect(renewed!.currentPeriodEnd.getTime()).toBeGreaterThan(membership.currentPeriodEnd.getTime());
  const listed = await membersOf(guild);
  expect(listed.members).toEqual([expect.objectContaining({ user_id: USER_IDS.bjorn, plan: "Supporter", status: "active", period_end: renewed!.currentPeriodEnd.toISOString() })]);
  expect(listed.revenue).toEqual([{ currency: "eur", month_cents: 1000, total_cents: 1000 }]);

  // Cancelled now (grace 0): the expiry job takes the role back and ends the membership.
  const cancel = await fetch(`${stripe.url}/v1/subscriptions/${membership.stripeSubscriptionId}`, { method: "DELETE", headers: { Authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}`, "Stripe-Account": account!.stripeAccountId } });
  expect(cancel.status).toBe(200);
  await waitFor(() => !rolesOf(guild, USER_IDS.bjorn).includes(supporter), 20_000, "the Supporter role taken back");
  await waitFor(async () => (await (await getDb()).select().from(memberships).where(eq(memberships.id, membership.id)))[0]!.status === "ended", 20_000, "the membership ended");
}, 90_000);

it("ends at the period's end after cancel_at_period_end, and keeps the role when remove_roles_on_expiry is off", async () => {
  const { guild, supporter, monthly } = await guildWithPlans({ remove_roles_on_expiry: false });
  const membership = await buy(guild, monthly.id);
  await waitFor(() => rolesOf(guild, USER_IDS.bjorn).includes(supporter), 20_000, "the Supporter role");
  stripe.state.subscriptions.get(membership.stripeSubscriptionId)!.cancelAtPeriodEnd = true;
  await stripe.advancePeriod(membership.stripeSubscriptionId);
  await waitFor(async () => (await (await getDb()).select().from(memberships).where(eq(memberships.id, membership.id)))[0]!.status === "ended", 20_000, "the membership ended");
  expect(rolesOf(guild, USER_IDS.bjorn)).toContain(supporter);
}, 90_000);

it("switches plan (subscription item updated, proration billed) and swaps the roles; refuses what is not the member's", async () => {
  const { guild, supporter, patron, monthly, yearly } = await guildWithPlans();
  const membership = await buy(guild, monthly.id);
  await waitFor(() => rolesOf(guild, USER_IDS.bjorn).includes(supporter), 20_000, "the Supporter role");
  const path = `/api/memberships/subscriptions/${membership.id}`;
  const change = (jar: CookieJar, planId: string, locale = "en") => call(changePlan, path, { method: "PATCH", jar, params: { membershipId: membership.id }, body: { plan_id: planId }, headers: { "x-guildhall-locale": locale } });

  // Someone else's membership is unknown; the same plan is refused, translated.
  expect(await readBody(await change(ada, yearly.id))).toMatchObject({ status_code: 404, code: "membership_not_found" });
  expect(await readBody(await change(bjorn, monthly.id, "de"))).toMatchObject({ status_code: 409, code: "membership_same_plan", message: "Du hast diesen Plan bereits." });

  expect(await readBody(await change(bjorn, yearly.id))).toEqual({ id: membership.id, plan_id: yearly.id });
  expect(stripe.state.subscriptions.get(membership.stripeSubscriptionId)!.price.unitAmount).toBe(12_000);
  await waitFor(() => rolesOf(guild, USER_IDS.bjorn).includes(patron) && !rolesOf(guild, USER_IDS.bjorn).includes(supporter), 20_000, "Patron instead of Supporter");
  const [row] = await (await getDb()).select().from(memberships).where(eq(memberships.id, membership.id));
  expect(row).toMatchObject({ planId: yearly.id, roleId: patron });
  // The prorated difference was invoiced at once: more than the first 5.00.
  const revenue = (await membersOf(guild)).revenue[0]!;
  expect(revenue.total_cents as number).toBeGreaterThan(500);
}, 90_000);

describe("refusals", () => {
  it("refuses bad plans at the field, more than 10 plans, and another guild's plan", async () => {
    const { guild, monthly } = await guildWithPlans();
    const botRole = harness.emulator.state.guild(guild)!.roles.find((role) => role.managed)!.id;
    const bad = await pluginCall(ada, "POST", `/memberships/guilds/${guild}/plans`, { body: { name: "", price_cents: 5, period: "week", role_id: botRole }, headers: { "x-guildhall-locale": "fr" } });
    const body = (await readBody(bad)) as Envelope;
    expect({ status: bad.status, code: body.code }).toEqual({ status: 400, code: "validation_failed" });
    expect(body.fields!.map((field) => field.path).sort()).toEqual(["name", "period", "price_cents"]);
    const refusedRole = (await readBody(await pluginCall(ada, "POST", `/memberships/guilds/${guild}/plans`, { body: { name: "VIP", price_cents: 500, period: "month", role_id: botRole } }))) as Envelope;
    expect(refusedRole.status_code).toBe(400);
    expect(refusedRole.fields!.map((field) => field.path)).toEqual(["role_id"]);

    const role = addRole(harness, guild, { name: "Extra" });
    for (let i = 0; i < 8; i++) expect((await pluginCall(ada, "POST", `/memberships/guilds/${guild}/plans`, { body: { name: `Tier ${i}`, price_cents: 100, period: "month", role_id: role } })).status).toBe(201);
    const eleventh = (await readBody(await pluginCall(ada, "POST", `/memberships/guilds/${guild}/plans`, { body: { name: "Too many", price_cents: 100, period: "month", role_id: role } }))) as Envelope;
    expect(eleventh).toMatchObject({ status_code: 409, code: "membership_plan_limit" });

    const other = await guildWithPlans();
    const crossed = await call(subscribe, "/api/memberships/subscriptions", { method: "POST", jar: bjorn, body: { guild_id: other.guild, plan_id: monthly.id } });
    expect(await readBody(crossed)).toMatchObject({ status_code: 404, code: "membership_plan_not_found" });
    // Bjorn manages neither guild: the owner's routes refuse him.
    expect(await readBody(await pluginCall(bjorn, "GET", `/memberships/guilds/${guild}/members`))).toMatchObject({ status_code: 403 });
  }, 90_000);

  it("refuses a checkout to someone not in the server, a bad body, and a second membership", async () => {
    const { guild, monthly } = await guildWithPlans();
    const chen = await signedInJar(harness, USER_IDS.chen);
    harness.emulator.state.guild(guild)!.members.delete(USER_IDS.chen);
    const outsider = await call(subscribe, "/api/memberships/subscriptions", { method: "POST", jar: chen, body: { guild_id: guild, plan_id: monthly.id }, headers: { "x-guildhall-locale": "es" } });
    expect(await readBody(outsider)).toMatchObject({ status_code: 403, code: "membership_not_member", message: "Solo los miembros de este servidor pueden comprar sus membresías." });
    const malformed = await call(subscribe, "/api/memberships/subscriptions", { method: "POST", jar: bjorn, body: { guild_id: "nope", plan_id: monthly.id, extra: 1 } });
    expect(malformed.status).toBe(400);
    await buy(guild, monthly.id);
    const again = await call(subscribe, "/api/memberships/subscriptions", { method: "POST", jar: bjorn, body: { guild_id: guild, plan_id: monthly.id } });
    expect(await readBody(again)).toMatchObject({ status_code: 409, code: "membership_already_member" });
  }, 90_000);
});
