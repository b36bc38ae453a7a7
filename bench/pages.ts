// Why: a repeatable performance check of the dashboard, side by side with node:http in one
// run. Starts the production server against the platform emulator, then:
//  1. concurrent cold loads of a guild page share their platform reads;
//  2. first renders: each plugin page drawn once, one request at a time;
//  3. the mixed load (the default figure): every demo user × every server they manage with
//     the bot × every page of the guild menu × 4 languages in random order, with and without
//     one settings write per second, beside node:http serving one plugin page's bytes;
//  4. the single-URL table: each page kind alone, its HTML and first-load JavaScript.
// Prints PASS/FAIL per target of the performance issues and exits 1 when any is missed.
// Run: `npm run bench` (= node --import tsx bench/pages.ts); `-- --mixed` skips the
// single-URL table, `-- --single` the first renders and the mixed load.
import os from "node:os";
import path from "node:path";
import { GUILD_IDS, USER_IDS } from "../emulators/platform/data/ids";
import { checkpoint, onCleanup, runBenchmark } from "./lib/cleanup";
import { demoTraffic, GUILD_MENU_PAGES, MIXED_LANGUAGES } from "./lib/demo-traffic";
import { measureFirstRenders } from "./lib/first-renders";
import { seedLevelsGuild } from "./lib/levels-guild";
import { MIXED, runMixedLoad } from "./lib/mixed-load";
import { BENCH_PORTS, startGuildhall } from "./lib/server";
import { signIn } from "./lib/sign-in";
import { LEVELS_GUILD, runColdCheck, runSingleUrlPages } from "./lib/single-url";
import { markdownTable } from "./lib/table";
import { reportChecks, type Check } from "./lib/targets";

// The mixed load's targets (issue 22).
const READS_MIN_RATIO = 0.1;
const WRITES_MIN_RATIO = 0.05;
const MIXED_MAX_P99_MS = 300;
const FIRST_RENDER_MAX_P50_MS = 30;
const FIRST_RENDER_MAX_P99_MS = 100;

const ROOT = path.resolve(__dirname, "..");
const WORKSHOP = GUILD_IDS.workshop;

async function main(): Promise<number> {
  const started = Date.now();
  const only = process.argv.includes("--mixed") ? "mixed" : process.argv.includes("--single") ? "single" : null;
  const [load1] = os.loadavg();
  console.log(`Machine: ${os.availableParallelism()} CPUs, load average ${load1?.toFixed(2)} before start (numbers are only comparable on an idle machine).`);
  console.log(`Starting Guildhall on :${BENCH_PORTS.port} with the platform emulator on :${BENCH_PORTS.emulatorPort} (builds first when sources changed; can take minutes)…`);
  const server = await startGuildhall({ root: ROOT, ...BENCH_PORTS, dataDir: ".data/bench", prepare: (pgliteDir) => seedLevelsGuild(ROOT, pgliteDir, LEVELS_GUILD) });
  onCleanup(server.stop);
  console.log(`Server ready (log: ${path.relative(ROOT, server.logFile)}).`);

  checkpoint();
  const ada = await signIn({ appUrl: server.appUrl, userId: USER_IDS.ada });
  console.log("Signed in as Ada.");
  const checks: Check[] = [];
  checkpoint();
  checks.push(...(await runColdCheck(server, ada)));

  if (only !== "single") {
    checkpoint();
    const cookie = ada.header(["gh_session", "XSRF-TOKEN"]);
    console.log(`First renders: every plugin page of ${WORKSHOP} in German, one request at a time (after the same pages in Spanish)…`);
    const first = await measureFirstRenders(server.appUrl, WORKSHOP, cookie, { warmLocale: "es", locale: "de" });
    console.log(`  ${first.pages} pages: p50 ${first.p50Ms} ms, p99 ${first.p99Ms} ms; slowest ${first.slowest.map((page) => `${page.path} ${page.ms} ms`).join(", ")}`);
    checks.push(
      ...first.failed.map((failure) => ({ pass: false, text: `first renders: ${failure}` })),
      { pass: first.p50Ms <= FIRST_RENDER_MAX_P50_MS, text: `first render of a plugin page: p50 ${first.p50Ms} ms ≤ ${FIRST_RENDER_MAX_P50_MS} ms` },
      { pass: first.p99Ms <= FIRST_RENDER_MAX_P99_MS, text: `first render of a plugin page: p99 ${first.p99Ms} ms ≤ ${FIRST_RENDER_MAX_P99_MS} ms` },
    );

    checkpoint();
    console.log("Mixed load: signing in every demo user and listing the servers each manages with the bot…");
    const traffic = await demoTraffic(server.appUrl);
    console.log(
      `  ${traffic.viewers.length} users, ${traffic.guilds} servers, ${GUILD_MENU_PAGES.length} pages of the menu, ${MIXED_LANGUAGES.length} languages (${MIXED_LANGUAGES.join(", ")}): ${traffic.requests.length} distinct pages in random order; ${MIXED.connections} connections, ${MIXED.durationSeconds} s per mix…`,
    );
    const baselinePage = { path: `/en/dashboard/${WORKSHOP}/welcome`, cookie };
    const mixed = await runMixedLoad(server.appUrl, traffic, baselinePage, MIXED);
    const ratio = (rps: number) => (mixed.baseline.requestsPerSecond > 0 ? rps / mixed.baseline.requestsPerSecond : 0);
    const row = (label: string, run: typeof mixed.baseline) => [label, String(Math.round(run.requestsPerSecond)), `${run.p50Ms} ms`, `${run.p99Ms} ms`, ratio(run.requestsPerSecond).toFixed(3)];
    console.log(`\nMixed load (warm-up pass: every page once, ${mixed.warmUp.seconds.toFixed(1)} s):\n`);
    console.log(
      markdownTable(
        ["mix", "req/s", "p50", "p99", "ratio to node:http"],
        [row("reads only", mixed.readsOnly), row(`reads + ${MIXED.writesPerSecond} settings write per second`, mixed.withWrites), row("node:http, one plugin page's bytes", mixed.baseline)],
      ),
    );
    console.log(`\n  writes: ${mixed.writes.count} (${mixed.writes.failed} failed), p50 ${mixed.writes.p50Ms} ms, slowest ${mixed.writes.maxMs} ms`);
    checks.push(
      ...mixed.problems.map((problem) => ({ pass: false, text: `mixed load: ${problem}` })),
      { pass: ratio(mixed.readsOnly.requestsPerSecond) >= READS_MIN_RATIO, text: `mixed reads only: ratio ${ratio(mixed.readsOnly.requestsPerSecond).toFixed(3)} ≥ ${READS_MIN_RATIO}` },
      { pass: mixed.readsOnly.p99Ms <= MIXED_MAX_P99_MS, text: `mixed reads only: p99 ${mixed.readsOnly.p99Ms} ms ≤ ${MIXED_MAX_P99_MS} ms` },
      { pass: ratio(mixed.withWrites.requestsPerSecond) >= WRITES_MIN_RATIO, text: `mixed with writes: ratio ${ratio(mixed.withWrites.requestsPerSecond).toFixed(3)} ≥ ${WRITES_MIN_RATIO}` },
      { pass: mixed.withWrites.p99Ms <= MIXED_MAX_P99_MS, text: `mixed with writes: p99 ${mixed.withWrites.p99Ms} ms ≤ ${MIXED_MAX_P99_MS} ms` },
    );
  }

  if (only !== "mixed") {
    checkpoint();
    checks.push(...(await runSingleUrlPages(server, ada)));
  }
  return reportChecks(checks, started);
}

runBenchmark("Benchmark", main);
