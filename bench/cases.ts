// Why: a busy guild's moderation log grows to hundreds of thousands of cases, and the case list
// must stay instant on any page and any filter. Fills an in-memory PGlite with 200,000 cases of
// one guild (and 50,000 of others), then reads pages through lib/moderation/cases.ts listCases
// as the API does: the first page, a page deep in the log (by keyset cursor), and each filter
// (member, moderator, type, date range, with pardoned ones). Prints p50/p99 per query over 200
// runs; exits 1 when a p99 is over 50 ms. Part of `npm run bench`.
import { randomUUID } from "node:crypto";
import { EMULATOR_BOT_TOKEN, EMULATOR_CLIENT_ID, EMULATOR_CLIENT_SECRET } from "../emulators/platform/credentials";

const CASES = 200_000;
const OTHER_CASES = 50_000;
const RUNS = 200;
const P99_MS = 50;
const GUILD = "584327784348909864";
const TYPES = ["warn", "timeout", "timeout_removed", "kick", "ban", "unban", "note"] as const;

async function main() {
  Object.assign(process.env, {
    PGLITE_DIR: "memory://",
    DISCORD_CLIENT_ID: EMULATOR_CLIENT_ID,
    DISCORD_CLIENT_SECRET: EMULATOR_CLIENT_SECRET,
    DISCORD_BOT_TOKEN: EMULATOR_BOT_TOKEN,
    NODE_ENV: "production",
    SESSION_SECRET: randomUUID() + randomUUID(),
  });
  const { getDb } = await import("../lib/db/client");
  const { moderationCases } = await import("../lib/db/schema");
  const { listCases } = await import("../lib/moderation/cases");
  const db = await getDb();

  const members = Array.from({ length: 5_000 }, (_, index) => String(300_000_000_000_000_000n + BigInt(index)));
  const moderators = Array.from({ length: 20 }, (_, index) => String(400_000_000_000_000_000n + BigInt(index)));
  const start = Date.parse("2024-01-01T00:00:00Z");
  const rows = (guildId: string, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      guildId,
      number: index + 1,
      type: TYPES[index % TYPES.length]!,
      targetId: members[(index * 7919) % members.length]!,
      moderatorKind: "dashboard",
      moderatorId: moderators[index % moderators.length]!,
      reason: `Reason ${index}`,
      source: "dashboard",
      // Two years of cases, about one every five minutes; one in ten pardoned.
      createdAt: new Date(start + index * 300_000),
      updatedAt: new Date(start + index * 300_000),
      ...(index % 10 === 0 ? { pardonedAt: new Date(start + index * 300_000 + 60_000), pardonedBy: moderators[0]! } : {}),
    }));
  const insert = async (all: Array<typeof moderationCases.$inferInsert>) => {
    for (let at = 0; at < all.length; at += 2_000) await db.insert(moderationCases).values(all.slice(at, at + 2_000));
  };
  const filling = performance.now();
  await insert(rows(GUILD, CASES));
  await insert(rows("584327784348909999", OTHER_CASES));
  await db.execute("ANALYZE moderation_cases");
  console.log(`Filled ${CASES + OTHER_CASES} cases in ${((performance.now() - filling) / 1000).toFixed(1)} s.`);

  const middle = new Date(start + (CASES / 2) * 300_000);
  const queries: Array<[string, Parameters<typeof listCases>[2]]> = [
    ["first page", { limit: 25 }],
    ["page deep in the log (cursor 1,000)", { limit: 25, before: 1_000 }],
    ["100 a page", { limit: 100 }],
    ["one member", { limit: 25, targetId: members[42]! }],
    ["one member, with pardoned", { limit: 25, targetId: members[42]!, includePardoned: true }],
    ["one moderator", { limit: 25, moderatorId: moderators[3]! }],
    ["bans and kicks", { limit: 25, types: ["ban", "kick"] }],
    ["one week, a year ago", { limit: 25, from: middle, to: new Date(middle.getTime() + 7 * 86_400_000) }],
    ["member + type + range", { limit: 25, targetId: members[42]!, types: ["warn"], from: new Date(start), to: middle }],
  ];
  const table = ["| query | rows | p50 | p99 |", "|---|---|---|---|"];
  let failed = false;
  for (const [name, filters] of queries) {
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS; run++) {
      const began = performance.now();
      count = (await listCases(db, GUILD, filters)).cases.length;
      times.push(performance.now() - began);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(RUNS * 0.5)]!;
    const p99 = times[Math.floor(RUNS * 0.99)]!;
    if (p99 > P99_MS) failed = true;
    table.push(`| ${name} | ${count} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms${p99 > P99_MS ? " ✗" : ""} |`);
  }
  console.log(`\nModeration cases: ${CASES.toLocaleString("en")} in one guild, ${RUNS} reads per query (p99 target ${P99_MS} ms)\n`);
  console.log(table.join("\n"));
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
