/** @jest-environment node */
// A guild's buffs follow its subscriptions (lib/billing/subscriptions.ts).
import { eq } from "drizzle-orm";
import { applyProviderSubscription, buffsFrom, givesBuffs } from "@/lib/billing/subscriptions";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";
import { getDb } from "@/lib/db/client";
import { auditEvents, guildSettings, subscriptions } from "@/lib/db/schema";

const NOW = new Date("2026-11-25T12:00:00Z");
const LATER = new Date("2026-12-25T12:00:00Z");
const EARLIER = new Date("2026-11-01T12:00:00Z");
let next = 0;
const guildId = () => String(700_000_000_000_000_000n + BigInt(++next));

function sub(overrides: Partial<ProviderSubscription> & { guildId: string }): ProviderSubscription {
  return { provider: "stripe", externalId: `sub_${next}`, customerId: "cus_1", userId: "100000000000000001", plan: "premium", periodMonths: 1, status: "active", currentPeriodEnd: LATER, cancelAtPeriodEnd: false, paymentMethod: { brand: "visa", last4: "4242" }, withCustomBot: false, ...overrides };
}

async function buffsOf(id: string): Promise<string[]> {
  const [row] = await (await getDb()).select({ buffs: guildSettings.buffs }).from(guildSettings).where(eq(guildSettings.guildId, id));
  return row?.buffs ?? [];
}

describe("which subscriptions give buffs", () => {
  const row = (status: string, cancelAtPeriodEnd = false, end = LATER) => ({ status, cancelAtPeriodEnd, currentPeriodEnd: end, plan: "premium" });
  it("active, trial, non-renewing (until its end) and past-due (grace) give; paused and cancelled do not", () => {
    expect(["active", "in_trial", "non_renewing", "past_due", "paused", "cancelled"].map((status) => givesBuffs(row(status), NOW))).toEqual([true, true, true, true, false, false]);
    expect(givesBuffs(row("non_renewing", false, EARLIER), NOW)).toBe(false);
    expect(givesBuffs(row("active", true, EARLIER), NOW)).toBe(false);
    expect(givesBuffs({ ...row("active"), plan: "unknown" }, NOW)).toBe(false);
  });

  it("keeps gifted and platform buffs, and draws the paid ones from the plans", () => {
    const bundle = { ...row("active"), plan: "bundle" } as Parameters<typeof buffsFrom>[1][number];
    expect(buffsFrom(["premium-gift", "premium", "web3"], [bundle], NOW).sort()).toEqual(["premium", "premium-gift", "pro"]);
    expect(buffsFrom(["premium-discord", "pro"], [], NOW)).toEqual(["premium-discord"]);
  });
});

describe("applying a provider's subscription", () => {
  it("turns the plan's buffs on, then off when it lapses, with an audit row each time", async () => {
    const db = await getDb();
    const guild = guildId();
    const bought = sub({ guildId: guild, externalId: "sub_lapse" });
    await db.transaction((tx) => applyProviderSubscription(tx, bought, NOW));
    expect(await buffsOf(guild)).toEqual(["premium"]);
    await db.transaction((tx) => applyProviderSubscription(tx, { ...bought, status: "cancelled" }, NOW));
    expect(await buffsOf(guild)).toEqual([]);
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.externalId, "sub_lapse"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("cancelled");
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.guildId, guild)).orderBy(auditEvents.id);
    expect(audit.map((event) => [event.action, (event.after as { status: string; buffs: string[] }).status, (event.after as { buffs: string[] }).buffs])).toEqual([
      ["billing.update", "active", ["premium"]],
      ["billing.update", "cancelled", []],
    ]);
  });

  it("moves the buffs with a subscription transferred to another guild, and keeps another subscription's", async () => {
    const db = await getDb();
    const [from, to] = [guildId(), guildId()];
    const premium = sub({ guildId: from, externalId: "sub_move" });
    await db.transaction((tx) => applyProviderSubscription(tx, premium, NOW));
    await db.transaction((tx) => applyProviderSubscription(tx, sub({ guildId: to, externalId: "sub_web3", plan: "web3" }), NOW));
    await db.transaction((tx) => applyProviderSubscription(tx, { ...premium, guildId: to }, NOW));
    expect(await buffsOf(from)).toEqual([]);
    expect((await buffsOf(to)).sort()).toEqual(["premium", "web3"]);
  });
});
