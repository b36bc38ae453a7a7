// Why: a check of every social subscription must stay cheap as servers add alerts: 10,000
// Twitch subscriptions over 2,000 streamers in at most 20 Helix calls and 10 s, and 10,000 RSS
// subscriptions over 1,000 feeds reading each feed once. Runs the worker's own check
// (lib/alerts/check.ts) against the social fake on an in-memory PGlite filled with those
// subscriptions, twice per provider (the first check notes what is there; the second is the
// steady state), and prints calls, wall time and the process's CPU per check. Exits 1 when a
// target is missed. Part of `npm run bench`.
import { randomUUID } from "node:crypto";
import { EMULATOR_BOT_TOKEN, EMULATOR_CLIENT_ID, EMULATOR_CLIENT_SECRET } from "../emulators/platform/credentials";
import { startSocialFake } from "../emulators/social/server";

const TWITCH = { subscriptions: 10_000, streamers: 2_000, maxCalls: 20, maxSeconds: 10 };
const RSS = { subscriptions: 10_000, feeds: 1_000 };
const GUILDS = 2_000;

async function main() {
  const fake = await startSocialFake({ port: 0, quiet: true });
  Object.assign(process.env, fake.env, {
    PGLITE_DIR: "memory://",
    DISCORD_CLIENT_ID: EMULATOR_CLIENT_ID,
    DISCORD_CLIENT_SECRET: EMULATOR_CLIENT_SECRET,
    DISCORD_BOT_TOKEN: EMULATOR_BOT_TOKEN,
    NODE_ENV: "production",
    SESSION_SECRET: randomUUID() + randomUUID(),
  });
  // Loaded after the environment is set: lib/env reads it once.
  const { getDb } = await import("../lib/db/client");
  const { guildPlugins, pluginItems } = await import("../lib/db/schema");
  const { checkProvider } = await import("../lib/alerts/check");
  const { getQueue, stopQueue } = await import("../lib/jobs/queue");
  const db = await getDb();
  const queue = await getQueue();

  const guildId = (index: number) => String(700_000_000_000_000_000n + BigInt(index % GUILDS));
  const channelId = (index: number) => String(800_000_000_000_000_000n + BigInt(index));
  const plugins = (pluginId: string) => Array.from({ length: GUILDS }, (_, index) => ({ guildId: guildId(index), pluginId, enabled: true, config: {} }));
  const items = (pluginId: string, collection: string, count: number, source: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => ({ id: randomUUID(), guildId: guildId(index), pluginId, collection, position: index, data: { source_id: source(index), source_name: source(index), channel_id: channelId(index), message: "" } }));
  const insert = async (rows: Array<typeof pluginItems.$inferInsert>) => {
    for (let start = 0; start < rows.length; start += 1000) await db.insert(pluginItems).values(rows.slice(start, start + 1000));
  };
  await db.insert(guildPlugins).values([...plugins("twitch"), ...plugins("rss")]);
  await insert(items("twitch", "streamers", TWITCH.subscriptions, (index) => String(50_000_000 + (index % TWITCH.streamers))));
  await insert(items("rss", "subscriptions", RSS.subscriptions, (index) => `${fake.url}/feeds/ada-notes.xml?feed=${index % RSS.feeds}`));

  // Provider API calls: Twitch's app-token requests (OAuth, once an hour) are not Helix calls.
  const calls = async (segment: string) => ((await (await fetch(`${fake.url}/__fake/calls?segment=${segment}`)).json()) as { paths: string[] }).paths.filter((path) => !path.includes("oauth")).length;
  const context = { db, queue, now: () => new Date() };
  const rows: string[] = [];
  let failed = false;
  for (const [provider, segment] of [["twitch", "twitch"], ["rss", "feeds"]] as const) {
    for (const round of ["first check", "steady state"]) {
      const callsBefore = await calls(segment);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const report = await checkProvider(provider, context);
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const made = (await calls(segment)) - callsBefore;
      rows.push(`| ${provider} | ${round} | ${report.subscriptions} | ${report.sources} | ${made} | ${seconds.toFixed(2)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s |`);
      if (provider === "twitch" && (made > TWITCH.maxCalls || seconds > TWITCH.maxSeconds)) failed = true;
      // RSS: every feed read once per check (one call each; a 304 is still a call).
      if (provider === "rss" && made !== RSS.feeds) failed = true;
    }
  }
  console.log("\n| provider | check | subscriptions | sources | provider calls | wall time | worker CPU |\n|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  console.log(`\nTargets: Twitch ≤ ${TWITCH.maxCalls} Helix calls and ≤ ${TWITCH.maxSeconds} s per check; RSS: each of ${RSS.feeds} feeds read once per check. ${failed ? "FAIL" : "PASS"}`);
  await stopQueue();
  await fake.close();
  process.exit(failed ? 1 : 0);
}

void main();
