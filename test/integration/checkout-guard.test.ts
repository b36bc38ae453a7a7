/** @jest-environment node */
// No double purchase: a guild that already pays for a plan gets no second checkout of it from any
// provider (409 already_subscribed, worded in the caller's language, before any provider is
// asked), a prepaid crypto plan is still renewed in crypto, the premium page's guild list says
// what each guild pays for, and checkout starts have a per-user budget. Against the Stripe,
// Chargebee and PayPal fakes and the local Hardhat chain.
import { POST as chargebeeCheckout } from "@/app/api/guilds/[guildId]/chargebee/checkout/route";
import { POST as cryptoPayment } from "@/app/api/crypto/checkouts/[checkoutId]/payment/route";
import * as cryptoCheckout from "@/app/api/crypto/plan/[planId]/checkout/route";
import { GET as paypalCheckout } from "@/app/api/paypal/plans/[planId]/checkout/route";
import { GET as stripeCheckout } from "@/app/api/stripe/plans/[planId]/checkout/route";
import { GET as managedGuilds } from "@/app/api/users/[userId]/managed-guilds/route";
import { LOCAL_ACCOUNTS } from "@/emulators/evm/node";
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { OpenedCheckout } from "@/lib/billing/crypto/quote";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import type { Locale } from "@/lib/i18n/locales";
import { issueTextFor } from "@/lib/validation/server-messages";
import { isEnvelope, readBody, type Envelope } from "@/test/api";
import { startChargebeeHarness, type ChargebeeHarness } from "@/test/chargebee-harness";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { startEvmHarness, type EvmHarness } from "@/test/evm-harness";
import { startPaypalHarness, type PaypalHarness } from "@/test/paypal-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { withEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";
import { startStripeHarness } from "@/test/stripe-harness";

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let chargebee: ChargebeeHarness;
let paypal: PaypalHarness;
let evm: EvmHarness;
let ada: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  [stripe, chargebee, paypal, evm] = await Promise.all([startStripeHarness(), startChargebeeHarness(), startPaypalHarness(), startEvmHarness()]);
  [ada, bjorn] = [await signedInJar(harness), await signedInJar(harness, USER_IDS.bjorn)];
}, 60_000);
afterAll(async () => {
  await Promise.all([stripe.stop(), chargebee.stop(), paypal.stop(), evm.stop()]);
  await harness.stop();
});

type Options = { jar?: CookieJar; locale?: string };
const headers = (options: Options): Record<string, string> => (options.locale ? { [LOCALE_HEADER]: options.locale } : {});

/** Each way to start a checkout of `plan` for `guildId`, as the premium page calls it. */
const START = {
  stripe: (guildId: string, plan: string, options: Options = {}) =>
    call(stripeCheckout, `/api/stripe/plans/${plan}/checkout?guild_id=${guildId}&period=1`, { jar: options.jar ?? ada, params: { planId: plan }, headers: headers(options) }),
  chargebee: (guildId: string, plan: string, options: Options = {}) =>
    call(chargebeeCheckout, `/api/guilds/${guildId}/chargebee/checkout`, { method: "POST", jar: options.jar ?? ada, params: { guildId }, body: plan === "bundle" ? { period_months: 1, bundle_id: "mee6-bundle" } : { period_months: 1, plan }, headers: headers(options) }),
  paypal: (guildId: string, plan: string, options: Options = {}) =>
    call(paypalCheckout, `/api/paypal/plans/${plan}/checkout?guild_id=${guildId}&period=1`, { jar: options.jar ?? ada, params: { planId: plan }, headers: headers(options) }),
  crypto: (guildId: string, plan: string, options: Options = {}) =>
    call(cryptoCheckout.POST, `/api/crypto/plan/${plan}/checkout`, { method: "POST", jar: options.jar ?? ada, params: { planId: plan }, body: { guild_id: guildId, period: 1, payer: LOCAL_ACCOUNTS.demoWallet }, headers: headers(options) }),
};

/** What the providers were asked so far: a second checkout must not add to it. */
const providerCalls = () => ({ stripe: stripe.state.sessions.size, chargebee: chargebee.fake.calls.filter((entry) => entry.includes("hosted_pages")).length, paypal: paypal.state.subscriptions.size });

async function buyPremiumByCard(guildId: string) {
  const { url } = (await (await START.stripe(guildId, "premium")).json()) as { url: string };
  const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
  expect(paid.status).toBe(302);
}

async function refusedAsSubscribed(response: Response, locale: Locale) {
  const body = (await readBody(response)) as Envelope;
  expect({ status: response.status, code: body.code, message: body.message }).toEqual({ status: 409, code: "already_subscribed", message: issueTextFor(locale)("already_subscribed", { plan: "premium" }) });
}

it("refuses a second checkout of a plan the guild pays for, from every provider, in the caller's language, before asking any provider", async () => {
  const guildId = addScratchGuild(harness, "workshop");
  await buyPremiumByCard(guildId);
  const before = providerCalls();
  for (const [provider, start] of Object.entries(START)) {
    for (const plan of ["premium", "bundle"]) {
      const locale: Locale = provider === "crypto" ? "ar" : "fr";
      await refusedAsSubscribed(await start(guildId, plan, { locale }), locale);
    }
  }
  await refusedAsSubscribed(await call(cryptoCheckout.GET, `/api/crypto/plan/premium/checkout?guild_id=${guildId}&period=1`, { jar: ada, params: { planId: "premium" }, headers: { [LOCALE_HEADER]: "de" } }), "de");
  expect(providerCalls()).toEqual(before);

  // Another plan, with buffs the guild does not have, is still sold.
  expect((await START.stripe(guildId, "pro")).status).toBe(200);
  expect((await START.crypto(guildId, "pro")).status).toBe(201);
});

it("refuses a checkout of Web3, which unlocks nothing built yet, from every provider, in the caller's language, before asking any provider", async () => {
  const guildId = addScratchGuild(harness, "workshop");
  const before = providerCalls();
  const locales: Record<keyof typeof START, Locale> = { stripe: "de", chargebee: "es", paypal: "tw", crypto: "ar" };
  for (const [provider, start] of Object.entries(START) as Array<[keyof typeof START, (typeof START)[keyof typeof START]]>) {
    const locale = locales[provider];
    const response = await start(guildId, "web3", { locale });
    const body = (await readBody(response)) as Envelope;
    expect({ provider, status: response.status, code: body.code, message: body.message }).toEqual({ provider, status: 404, code: "offer_not_sold", message: issueTextFor(locale)("offer_not_sold", { plan: "web3" }) });
    expect(isEnvelope(body, 404)).toBe(true);
  }
  const quote = await call(cryptoCheckout.GET, `/api/crypto/plan/web3/checkout?guild_id=${guildId}&period=1`, { jar: ada, params: { planId: "web3" }, headers: { [LOCALE_HEADER]: "fr" } });
  expect({ status: quote.status, message: ((await readBody(quote)) as Envelope).message }).toEqual({ status: 404, message: issueTextFor("fr")("offer_not_sold", { plan: "web3" }) });
  expect(providerCalls()).toEqual(before);
  // What Web3 unlocks is not built (lib/billing/entitlements.ts); Pro and the bundle are sold.
  expect((await START.stripe(guildId, "pro")).status).toBe(200);
  expect((await START.chargebee(guildId, "bundle")).status).toBe(200);
});

it("renews a prepaid crypto plan in crypto, and sells that plan nowhere else while it runs", async () => {
  const guildId = addScratchGuild(harness, "workshop");
  const first = (await (await START.crypto(guildId, "premium")).json()) as OpenedCheckout;
  const paid = await call(cryptoPayment, "", { method: "POST", jar: ada, params: { checkoutId: first.checkout_id }, body: { tx_hash: await evm.payToken(BigInt(first.amount)), chain_id: evm.node.chainId } });
  expect(paid.status).toBe(201);
  expect((await START.crypto(guildId, "premium")).status).toBe(201);
  for (const provider of ["stripe", "chargebee", "paypal"] as const) await refusedAsSubscribed(await START[provider](guildId, "premium", { locale: "en" }), "en");
});

it("lists with each managed guild the plans it pays for, so the premium page offers no second purchase", async () => {
  const paying = addScratchGuild(harness, "workshop");
  await buyPremiumByCard(paying);
  const list = (await (await call(managedGuilds, "/api/users/@me/managed-guilds", { jar: ada, params: { userId: "@me" } })).json()) as Array<{ id: string; paid_plans: unknown[] }>;
  expect(list.find((guild) => guild.id === paying)?.paid_plans).toEqual([{ plan: "premium", provider: "stripe" }]);
  expect(list.filter((guild) => guild.id !== paying).every((guild) => Array.isArray(guild.paid_plans))).toBe(true);
});

it("budgets checkout starts per user across providers: over it, 429 rate_limited in the envelope; another user keeps theirs", async () => {
  const guildId = addScratchGuild(harness, "workshop");
  const mallorys = addScratchGuild(harness, "synthwave");
  await withEnv({ RATE_LIMIT_CHECKOUTS_PER_MINUTE: "3" }, async () => {
    expect((await START.stripe(guildId, "premium")).status).toBe(200);
    expect((await START.chargebee(guildId, "premium")).status).toBe(200);
    expect((await START.paypal(guildId, "premium")).status).toBe(200);
    const before = providerCalls();
    for (const start of [START.crypto, START.stripe, START.chargebee]) {
      const refused = await start(guildId, "pro");
      const body = await readBody(refused);
      expect({ status: refused.status, code: (body as Envelope).code }).toEqual({ status: 429, code: "rate_limited" });
      expect(isEnvelope(body, 429)).toBe(true);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(providerCalls()).toEqual(before);
    expect((await START.stripe(mallorys, "premium", { jar: bjorn })).status).toBe(200);
  });
});
