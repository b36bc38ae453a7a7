/** @jest-environment node */
// GET /api/users/@me tells the truth about the account (spec 3 User, spec 6): `customer_id` is
// the customer the card provider created at checkout (Stripe's `cus_…`, Chargebee's = the user's
// id), written when the provider reports the subscription; PayPal and crypto write none. The
// managed guilds come with the premium and the web3 ones among them.
import { POST as chargebeeCheckout } from "@/app/api/guilds/[guildId]/chargebee/checkout/route";
import { GET as stripeCheckout } from "@/app/api/stripe/plans/[planId]/checkout/route";
import { GET as me } from "@/app/api/users/[userId]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";
import { getDb } from "@/lib/db/client";
import { guildSettings } from "@/lib/db/schema";
import { readBody } from "@/test/api";
import { startChargebeeHarness, type ChargebeeHarness } from "@/test/chargebee-harness";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startStripeHarness } from "@/test/stripe-harness";

type Account = { id: string; customer_id: string | null; managed_guilds: string[]; premium_guilds: string[]; web3_guilds: string[] };

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let chargebee: ChargebeeHarness;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  stripe = await startStripeHarness();
  chargebee = await startChargebeeHarness();
});
afterAll(async () => {
  await chargebee.stop();
  await stripe.stop();
  await harness.stop();
});

const account = async (jar: CookieJar) => (await readBody(await call(me, "/api/users/@me", { jar, params: { userId: "@me" } }))) as Account;

/** A subscription a provider reports, applied as its webhook would. */
async function reported(guildId: string, userId: string, fields: Partial<ProviderSubscription>): Promise<void> {
  const sub: ProviderSubscription = {
    provider: "crypto",
    externalId: `test-${freshSnowflake()}`,
    customerId: null,
    guildId,
    userId,
    plan: "premium",
    periodMonths: 1,
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    paymentMethod: null,
    withCustomBot: false,
    ...fields,
  };
  await (await getDb()).transaction((tx) => applyProviderSubscription(tx, sub));
}

describe("customer_id", () => {
  // Synthwave's copies are Bjorn's: his account alone, whatever other files do with Ada's.
  let bjorn: CookieJar;
  beforeAll(async () => {
    bjorn = await signedInJar(harness, USER_IDS.bjorn);
  });

  it("is the Stripe customer its card checkout created, once Stripe reports the subscription", async () => {
    const guildId = addScratchGuild(harness, "synthwave");
    const { url } = (await readBody(await call(stripeCheckout, `/api/stripe/plans/premium/checkout?guild_id=${guildId}&period=1`, { jar: bjorn, params: { planId: "premium" } }))) as { url: string };
    const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
    expect(paid.status).toBe(302);
    const customer = stripe.state.sessions.get(url.split("/").pop()!)!.customer;
    expect(customer).toMatch(/^cus_/);
    expect((await account(bjorn)).customer_id).toBe(customer);
  });

  it("is the user's own id once Chargebee's hosted checkout (customer id = user id) is paid", async () => {
    const guildId = addScratchGuild(harness, "synthwave");
    const start = (await readBody(await call(chargebeeCheckout, `/api/guilds/${guildId}/chargebee/checkout`, { method: "POST", jar: bjorn, params: { guildId }, body: { period_months: 1 } }))) as { url: string };
    const back = await fetch(start.url, { method: "POST", body: new URLSearchParams({ number: "4111111111111111", expiry: "01/31", cvc: "321" }), redirect: "manual" });
    expect(back.status).toBe(302);
    expect((await account(bjorn)).customer_id).toBe(USER_IDS.bjorn);
  });

  it("stays as it was for PayPal (the payer's own account, not a customer of ours) and crypto (no customer)", async () => {
    const before = (await account(bjorn)).customer_id;
    expect(before).not.toBeNull();
    await reported(addScratchGuild(harness, "synthwave"), USER_IDS.bjorn, { provider: "paypal", externalId: `I-${freshSnowflake()}`, customerId: "PAYERID123" });
    await reported(addScratchGuild(harness, "synthwave"), USER_IDS.bjorn, { provider: "crypto" });
    expect((await account(bjorn)).customer_id).toBe(before);
  });
});

describe("guild lists", () => {
  it("lists the managed guilds, and of those the premium ones (by entitlement: a gift too) and the web3 ones; a premium guild Ada only belongs to is in none", async () => {
    const plain = addScratchGuild(harness, "workshop", "Plain");
    const premium = addScratchGuild(harness, "workshop", "Premium");
    const gifted = addScratchGuild(harness, "workshop", "Gifted");
    const web3 = addScratchGuild(harness, "workshop", "Web3");
    const member = addScratchGuild(harness, "lofi", "Member only");
    await reported(premium, USER_IDS.ada, { plan: "premium" });
    await reported(web3, USER_IDS.ada, { plan: "web3" });
    await reported(member, USER_IDS.dani, { plan: "premium" });
    await (await getDb()).insert(guildSettings).values({ guildId: gifted, buffs: ["premium-gift"] });
    // Signed in after the guilds exist: the platform's guild list is read afresh.
    const ada = await signedInJar(harness);

    const body = await account(ada);
    const mine = (ids: string[]) => ids.filter((id) => [plain, premium, gifted, web3, member].includes(id)).sort();
    expect(body.id).toBe(USER_IDS.ada);
    expect(mine(body.managed_guilds)).toEqual([plain, premium, gifted, web3].sort());
    expect(mine(body.premium_guilds)).toEqual([premium, gifted].sort());
    expect(mine(body.web3_guilds)).toEqual([web3]);
    // Every listed premium or web3 guild is a managed one.
    expect(body.premium_guilds.every((id) => body.managed_guilds.includes(id))).toBe(true);
    expect(body.web3_guilds.every((id) => body.managed_guilds.includes(id))).toBe(true);
  });
});
