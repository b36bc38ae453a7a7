/** @jest-environment node */
// When Premium ended on a guild (lib/billing/lapsed.ts), and which plugin settings use it: the
// plugin pages show their notice only for those, with that date.
import { randomUUID } from "node:crypto";
import { premiumEndedAt, usesPremium } from "@/lib/billing/lapsed";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { getDb } from "@/lib/db/client";
import { levels } from "@/lib/plugins/levels/definition";
import { record } from "@/lib/plugins/record/definition";
import { timers } from "@/lib/plugins/timers/definition";

const NOW = new Date("2026-11-25T12:00:00Z");
const days = (count: number) => new Date(NOW.getTime() + count * 86_400_000);
let next = 0;
const guildId = () => String(710_000_000_000_000_000n + BigInt(Date.now() % 1_000_000) * 1000n + BigInt(++next));

async function apply(guild: string, overrides: Partial<ProviderSubscription>, at = NOW) {
  const sub: ProviderSubscription = { provider: "crypto", externalId: `1:0x${randomUUID()}`, customerId: null, guildId: guild, userId: "100000000000000001", plan: "premium", periodMonths: 1, status: "active", currentPeriodEnd: days(10), cancelAtPeriodEnd: false, paymentMethod: null, withCustomBot: false, ...overrides };
  await (await getDb()).transaction((tx) => applyProviderSubscription(tx, sub, at));
  return sub;
}

describe("premiumEndedAt", () => {
  it("is null for a guild that never had Premium, or whose Premium still runs", async () => {
    const db = await getDb();
    const guild = guildId();
    expect(await premiumEndedAt(db, guild, NOW)).toBeNull();
    await apply(guild, { status: "cancelled", currentPeriodEnd: days(-30) });
    await apply(guild, { plan: "bundle", status: "non_renewing", currentPeriodEnd: days(3) });
    expect(await premiumEndedAt(db, guild, NOW)).toBeNull();
  });

  it("is the end of the latest lapsed premium plan: its period's end when not renewed, the day it was stopped when cancelled early", async () => {
    const db = await getDb();
    const guild = guildId();
    await apply(guild, { status: "non_renewing", currentPeriodEnd: days(-20) });
    await apply(guild, { status: "non_renewing", currentPeriodEnd: days(-5) });
    await apply(guild, { plan: "web3", status: "cancelled", currentPeriodEnd: days(-1) });
    expect(await premiumEndedAt(db, guild, NOW)).toEqual(days(-5));
    await apply(guild, { status: "cancelled", currentPeriodEnd: days(20) }, days(-2));
    expect(await premiumEndedAt(db, guild, NOW)).toEqual(days(-2));
  });

  it("counts a plan past its period's end as lapsed before the provider says so", async () => {
    const guild = guildId();
    await apply(guild, { status: "non_renewing", currentPeriodEnd: days(1) });
    expect(await premiumEndedAt(await getDb(), guild, days(2))).toEqual(days(1));
  });
});

describe("usesPremium", () => {
  const defaults = (schema: { parse: (value: unknown) => unknown }) => schema.parse({}) as Record<string, unknown>;

  it("is false for settings a free guild may have", () => {
    expect(usesPremium(levels, { enabled: true, config: defaults(levels.configSchema) }, [])).toBe(false);
    expect(usesPremium(timers, { enabled: true, config: defaults(timers.configSchema) }, [{ collection: "timers", items: [], total: 2, max: 2 }])).toBe(false);
    // Pro doubles the free limit: a list within it uses nothing Premium gives.
    expect(usesPremium(timers, { enabled: true, config: defaults(timers.configSchema) }, [{ collection: "timers", items: [], total: 4, max: 4 }])).toBe(false);
  });

  it("is true for a premium-only value, a size past the free one, a list past the guild's limit, or a premium plugin switched on", () => {
    const config = defaults(levels.configSchema);
    expect(usesPremium(levels, { enabled: true, config: { ...config, xp_rate_percent: 200 } }, [])).toBe(true);
    const rewards = Array.from({ length: 11 }, (_, index) => ({ level: index + 1, role_id: String(300_000_000_000_000_000n + BigInt(index)) }));
    expect(usesPremium(levels, { enabled: true, config: { ...config, role_rewards: rewards } }, [])).toBe(true);
    expect(usesPremium(timers, { enabled: false, config: defaults(timers.configSchema) }, [{ collection: "timers", items: [], total: 3, max: 2 }])).toBe(true);
    expect(usesPremium(record, { enabled: true, config: defaults(record.configSchema) }, [])).toBe(true);
    expect(usesPremium(record, { enabled: false, config: defaults(record.configSchema) }, [])).toBe(false);
  });
});
