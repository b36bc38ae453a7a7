/** @jest-environment node */
// The free month (spec 4) is a retention offer given once per subscription, whichever provider
// sold it (Stripe and Chargebee offer it; PayPal and crypto plans have none): two presses at
// once add one month, a later press is refused in the caller's language, the audit log names who
// took it, and a provider that fails gives the offer back. Against the Stripe and Chargebee fakes.
import { and, eq } from "drizzle-orm";
import { POST as chargebeeCheckout } from "@/app/api/guilds/[guildId]/chargebee/checkout/route";
import { GET as subscriptionGet } from "@/app/api/guilds/[guildId]/subscription/route";
import { POST as subscriptionAction } from "@/app/api/guilds/[guildId]/subscription/[action]/route";
import { GET as stripeCheckout } from "@/app/api/stripe/plans/[planId]/checkout/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { issueTextFor } from "@/lib/validation/server-messages";
import { readBody, type Envelope } from "@/test/api";
import { startChargebeeHarness, type ChargebeeHarness } from "@/test/chargebee-harness";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startStripeHarness } from "@/test/stripe-harness";

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let chargebee: ChargebeeHarness;
let ada: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  [stripe, chargebee] = await Promise.all([startStripeHarness(), startChargebeeHarness()]);
  ada = await signedInJar(harness);
}, 60_000);
afterAll(async () => {
  await Promise.all([stripe.stop(), chargebee.stop()]);
  await harness.stop();
});

type View = { provider: string; renews_at: string | null; actions: string[] };

/** Premium paid for a fresh copy of Ada's workshop, through the provider's hosted page and its webhook. */
const BUY: Record<"stripe" | "chargebee", (guildId: string) => Promise<void>> = {
  async stripe(guildId) {
    const { url } = (await (await call(stripeCheckout, `/api/stripe/plans/premium/checkout?guild_id=${guildId}&period=1`, { jar: ada, params: { planId: "premium" } })).json()) as { url: string };
    const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
    expect(paid.status).toBe(302);
  },
  async chargebee(guildId) {
    const { url } = (await (await call(chargebeeCheckout, "", { method: "POST", jar: ada, params: { guildId }, body: { period_months: 1 } })).json()) as { url: string };
    const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ number: "4111111111111111", expiry: "01/31", cvc: "321" }), redirect: "manual" });
    expect(paid.status).toBe(302);
  },
};

async function view(guildId: string): Promise<View> {
  return ((await (await call(subscriptionGet, "", { jar: ada, params: { guildId } })).json()) as { subscription: View }).subscription;
}

const extend = (guildId: string, headers: Record<string, string> = {}) => call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId, action: "extend" }, headers });

async function freeMonthAudits(guildId: string) {
  const rows = await (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "billing.update")));
  return rows.filter((row) => (row.after as { event?: string } | null)?.event === "free_month");
}

const DAY = 86_400_000;

describe.each(["stripe", "chargebee"] as const)("through %s", (provider) => {
  it("two presses at once add exactly one month; a later press is refused (409, in the caller's language); one audit row names who took it", async () => {
    const guildId = addScratchGuild(harness, "workshop");
    await BUY[provider](guildId);
    const before = await view(guildId);
    expect(before).toMatchObject({ provider, actions: expect.arrayContaining(["extend"]) });

    const presses = await Promise.all([extend(guildId), extend(guildId)]);
    expect(presses.map((response) => response.status).sort()).toEqual([200, 409]);
    const after = await view(guildId);
    const added = (Date.parse(after.renews_at!) - Date.parse(before.renews_at!)) / DAY;
    expect(added).toBeGreaterThanOrEqual(28);
    expect(added).toBeLessThanOrEqual(31);
    expect(after.actions).not.toContain("extend");

    const again = await extend(guildId, { [LOCALE_HEADER]: "fr" });
    const body = (await readBody(again)) as Envelope;
    expect({ status: again.status, code: body.code, message: body.message }).toEqual({ status: 409, code: "free_month_used", message: issueTextFor("fr")("free_month_used") });
    expect((await view(guildId)).renews_at).toBe(after.renews_at);

    const audits = await freeMonthAudits(guildId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: USER_IDS.ada, after: { current_period_end: after.renews_at, event: "free_month" } });
  });
});

it("a provider that fails leaves the free month to take later", async () => {
  const guildId = addScratchGuild(harness, "workshop");
  await BUY.stripe(guildId);
  stripe.setDown(true);
  try {
    expect((await extend(guildId)).status).toBe(502);
  } finally {
    stripe.setDown(false);
  }
  expect((await view(guildId)).actions).toContain("extend");
  expect((await extend(guildId)).status).toBe(200);
  expect(await freeMonthAudits(guildId)).toHaveLength(1);
});
