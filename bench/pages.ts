// Why: a repeatable performance check of every page kind, side by side in one run:
// the public landing and legal pages, "my servers", the guild overview and two
// plugin pages. Starts the production server against the platform emulator, loads
// each page with autocannon next to a node:http server returning its exact bytes,
// counts upstream platform calls and first-load JavaScript, checks that concurrent
// cold loads of a guild page share their platform reads, prints one table and
// PASS/FAIL per target of the performance issue, and exits 1 when any is missed.
// Run: `npm run bench` (= node --import tsx bench/pages.ts).
import os from "node:os";
import path from "node:path";
import { GUILD_IDS, USER_IDS } from "../emulators/platform/data/ids";
import { checkpoint, onCleanup, runBenchmark } from "./lib/cleanup";
import { coldLoads } from "./lib/cold-loads";
import { seedLevelsGuild } from "./lib/levels-guild";
import { measureFirstLoadJs, type FirstLoadJs } from "./lib/first-load-js";
import { runPage, type PageRun } from "./lib/page-run";
import { startGuildhall } from "./lib/server";
import { signIn } from "./lib/sign-in";
import { markdownTable } from "./lib/table";
import { checkColdLoads, checkPage, kb, reportChecks, type Check, type PageTargets } from "./lib/targets";

// Load settings: the same for every Guildhall run and every baseline run.
const CONNECTIONS = 10;
const DURATION_SECONDS = 8;

// Targets from the performance issue.
const PUBLIC_MIN_RATIO = 0.5; // landing, legal
const MY_SERVERS_MIN_RATIO = 0.05;
const OVERVIEW_MIN_RATIO = 0.1;
const PLUGIN_MIN_RATIO = 0.08;
const PLUGIN_MAX_P99_MS = 250;
const PLUGIN_MAX_HTML_KB = 60;
/** The moderator page draws the first page of cases and its tabs' words into the page: about 20 KB more at the demo's 12 cases. */
const MODERATOR_MAX_HTML_KB = 80;
const LEADERBOARD_MIN_RATIO = 0.1;
const LEADERBOARD_MAX_P99_MS = 100;
const MAX_FIRST_LOAD_JS_KB = 130; // landing, my servers, overview, plugin pages
const WARM_MAX_PLATFORM_CALLS = 0; // every page, during its load run
const COLD_CONCURRENCY = 20;
const COLD_MAX_CALLS_PER_RESOURCE = 1;

const PORT = 3300;
const EMULATOR_PORT = 3301;
const ROOT = path.resolve(__dirname, "..");
const WORKSHOP = GUILD_IDS.workshop; // Ada owns it; bot present
/** Bot present; its public leaderboard holds 100,000 seeded members (bench/lib/levels-guild.ts). */
const LEVELS_GUILD = GUILD_IDS.lofi;
/** Ada manages it (bot present) and nothing before the cold check opens it. */
const COLD_GUILD = GUILD_IDS.nightOwls;

type Page = { label: string; path: string; title: string; signedIn: boolean; targets: PageTargets };

const PAGES: Page[] = [
  {
    label: "landing",
    path: "/en",
    title: "Guildhall: the friendly bot dashboard for your Discord server",
    signedIn: false,
    targets: { minRatio: PUBLIC_MIN_RATIO, maxFirstLoadJsKb: MAX_FIRST_LOAD_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
  },
  {
    label: "legal (privacy)",
    path: "/en/legal/privacy",
    title: "Privacy policy · Guildhall",
    signedIn: false,
    targets: { minRatio: PUBLIC_MIN_RATIO, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
  },
  {
    label: "my servers",
    path: "/en/dashboard",
    title: "Your servers · Guildhall",
    signedIn: true,
    targets: { minRatio: MY_SERVERS_MIN_RATIO, maxFirstLoadJsKb: MAX_FIRST_LOAD_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
  },
  {
    label: "guild overview",
    path: `/en/dashboard/${WORKSHOP}`,
    title: "Ada's Workshop · Guildhall",
    signedIn: true,
    targets: { minRatio: OVERVIEW_MIN_RATIO, maxFirstLoadJsKb: MAX_FIRST_LOAD_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
  },
  ...(["welcome", "moderator"] as const).map((plugin) => ({
    label: `plugin: ${plugin}`,
    path: `/en/dashboard/${WORKSHOP}/${plugin}`,
    title: `${plugin[0]!.toUpperCase()}${plugin.slice(1)} settings · Guildhall`,
    signedIn: true,
    targets: {
      minRatio: PLUGIN_MIN_RATIO,
      maxP99Ms: PLUGIN_MAX_P99_MS,
      maxHtmlKb: plugin === "moderator" ? MODERATOR_MAX_HTML_KB : PLUGIN_MAX_HTML_KB,
      maxFirstLoadJsKb: MAX_FIRST_LOAD_JS_KB,
      maxPlatformCalls: WARM_MAX_PLATFORM_CALLS,
    },
  })),
  ...[1, 500].map((page) => ({
    label: `leaderboard page ${page}`,
    path: `/en/leaderboard/${LEVELS_GUILD}${page === 1 ? "" : `/${page}`}`,
    title: "Lo-fi Study Hall leaderboard · Guildhall",
    signedIn: false,
    targets: { minRatio: LEADERBOARD_MIN_RATIO, maxP99Ms: LEADERBOARD_MAX_P99_MS, maxFirstLoadJsKb: MAX_FIRST_LOAD_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
  })),
];

const COLD_PAGE = { path: `/en/dashboard/${COLD_GUILD}/welcome`, title: "Welcome settings · Guildhall" };

async function main(): Promise<number> {
  const started = Date.now();
  const [load1] = os.loadavg();
  console.log(`Machine: ${os.availableParallelism()} CPUs, load average ${load1?.toFixed(2)} before start (numbers are only comparable on an idle machine).`);
  console.log(`Starting Guildhall on :${PORT} with the platform emulator on :${EMULATOR_PORT} (builds first when sources changed; can take minutes)…`);
  const server = await startGuildhall({ root: ROOT, port: PORT, emulatorPort: EMULATOR_PORT, fakePortsFrom: 3320, dataDir: ".data/bench", prepare: (pgliteDir) => seedLevelsGuild(ROOT, pgliteDir, LEVELS_GUILD) });
  onCleanup(server.stop);
  console.log(`Server ready (log: ${path.relative(ROOT, server.logFile)}).`);

  checkpoint();
  const jar = await signIn({ appUrl: server.appUrl, userId: USER_IDS.ada });
  const cookieNames = ["gh_session", "XSRF-TOKEN"];
  const signedInHeaders = { cookie: jar.header(cookieNames) };
  const browserCookies = cookieNames.flatMap((name) => {
    const value = jar.cookies.get(name);
    return value ? [{ name, value }] : [];
  });
  const headersFor = (page: { signedIn: boolean }) => (page.signedIn ? signedInHeaders : {});
  console.log("Signed in as Ada.");

  // First, while nothing of that guild is cached.
  checkpoint();
  console.log(`Concurrency: ${COLD_CONCURRENCY} simultaneous cold loads of ${COLD_PAGE.path}…`);
  const cold = await coldLoads({ appUrl: server.appUrl, emulatorUrl: server.emulatorUrl, headers: signedInHeaders, concurrency: COLD_CONCURRENCY, ...COLD_PAGE });

  const runs: PageRun[] = [];
  for (const page of PAGES) {
    checkpoint();
    console.log(`Loading ${page.path} (${page.label}), then its node:http baseline: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each…`);
    runs.push(await runPage(server, { path: page.path, title: page.title, headers: headersFor(page) }, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS }));
  }

  const firstLoad: Array<FirstLoadJs | Error> = [];
  for (const page of PAGES) {
    checkpoint();
    console.log(`Measuring first-load JavaScript of ${page.path} in Chromium…`);
    const cookies = page.signedIn ? browserCookies : [];
    firstLoad.push(await measureFirstLoadJs({ pageUrl: `${server.appUrl}${page.path}`, cookies }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))));
  }

  // The table.
  const rows = PAGES.map((page, i) => {
    const run = runs[i]!;
    const js = firstLoad[i]!;
    return [
      `${page.label} \`${page.path.replace(WORKSHOP, "{workshop}")}\``,
      String(Math.round(run.guildhall.requestsPerSecond)),
      `${run.guildhall.p50Ms} ms`,
      `${run.guildhall.p99Ms} ms`,
      run.ratio.toFixed(3),
      kb(run.htmlBytes).toFixed(1),
      js instanceof Error ? "n/a" : kb(js.gzipBytes).toFixed(1),
      String(run.calls.total),
    ];
  });
  console.log(`\nPages (${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, warm caches; landing and legal signed out, the rest signed in as Ada):\n`);
  console.log(markdownTable(["page", "req/s", "p50", "p99", "ratio to node:http", "HTML KB", "first-load JS KB gzip", "platform calls"], rows));

  console.log("\nDetails:");
  PAGES.forEach((page, i) => {
    const run = runs[i]!;
    const js = firstLoad[i]!;
    const { baseline, guildhall } = run;
    const calls = run.calls.total > 0 ? `, platform calls ${JSON.stringify(run.calls.byRoute)}` : "";
    const errors = run.serverErrors.count > 0 ? `, ${run.serverErrors.count} server errors logged (first: ${run.serverErrors.first})` : "";
    const scripts = js instanceof Error ? `first-load JS not measured: ${js.message}` : `${js.scripts.length} scripts (${js.scripts.filter((s) => !s.inDocument).length} not named in the HTML)`;
    console.log(
      `  ${page.label}: ${guildhall.responses} loads; node:http ${Math.round(baseline.requestsPerSecond)} req/s, p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms; ${scripts}${calls}${errors}`,
    );
  });
  console.log(`  cold loads: ${cold.concurrency} × ${cold.path} answered within ${Math.round(cold.ms)} ms; upstream calls ${cold.calls.total}, by resource ${JSON.stringify(cold.calls.byResource)}`);

  const checks: Check[] = [
    ...PAGES.flatMap((page, i) => {
      const js = firstLoad[i]!;
      return checkPage(page.label, runs[i]!, js instanceof Error ? undefined : js.gzipBytes, page.targets);
    }),
    ...checkColdLoads(cold, COLD_MAX_CALLS_PER_RESOURCE),
  ];
  return reportChecks(checks, started);
}

runBenchmark("Benchmark", main);
