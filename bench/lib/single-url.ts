// Why: each page kind loaded on its own, one URL again and again, side by side with node:http
// serving that page's exact bytes: what one warm page costs, its HTML and first-load
// JavaScript, and whether a warm load still calls the platform. Before that, concurrent cold
// loads of a guild page check that they share their platform reads.
import type { RunningServer } from "./server";
import { GUILD_IDS } from "../../emulators/platform/data/ids";
import { PLUGIN_IDS } from "../../lib/plugins/ids";
import { checkpoint } from "./cleanup";
import { coldLoads } from "./cold-loads";
import { frameworkChunks } from "./framework-chunks";
import { measureFirstLoadJs, splitFirstLoad, type FirstLoadJs } from "./first-load-js";
import { runPage, type PageRun } from "./page-run";
import type { Jar } from "./sign-in";
import { markdownTable } from "./table";
import { checkColdLoads, checkPage, kb, type Check, type PageTargets } from "./targets";

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
// Our first-load JavaScript on top of the framework's own chunks (bench/lib/framework-chunks.ts),
// gzip: the framework floor (React DOM, Next's router) is ~133 KB on every page.
const PUBLIC_MAX_OUR_JS_KB = 10; // landing, leaderboard
const SHELL_MAX_OUR_JS_KB = 25; // my servers, overview
const PLUGIN_MAX_OUR_JS_KB = 45;
const WARM_MAX_PLATFORM_CALLS = 0; // every page, during its load run
const COLD_CONCURRENCY = 20;
const COLD_MAX_CALLS_PER_RESOURCE = 1;

const WORKSHOP = GUILD_IDS.workshop; // Ada owns it; bot present
/** Bot present; its public leaderboard holds 100,000 seeded members (bench/lib/levels-guild.ts). */
export const LEVELS_GUILD = GUILD_IDS.lofi;
/** Ada manages it (bot present) and nothing before the cold check opens it. */
const COLD_GUILD = GUILD_IDS.nightOwls;

type Page = { label: string; path: string; title: string; signedIn: boolean; targets: PageTargets };

const PAGES: Page[] = [
  {
    label: "landing",
    path: "/en",
    title: "Guildhall: the friendly bot dashboard for your Discord server",
    signedIn: false,
    targets: { minRatio: PUBLIC_MIN_RATIO, maxOurFirstLoadJsKb: PUBLIC_MAX_OUR_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
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
    targets: { minRatio: MY_SERVERS_MIN_RATIO, maxOurFirstLoadJsKb: SHELL_MAX_OUR_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
  },
  {
    label: "guild overview",
    path: `/en/dashboard/${WORKSHOP}`,
    title: "Ada's Workshop · Guildhall",
    signedIn: true,
    targets: { minRatio: OVERVIEW_MIN_RATIO, maxOurFirstLoadJsKb: SHELL_MAX_OUR_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
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
      maxOurFirstLoadJsKb: PLUGIN_MAX_OUR_JS_KB,
      maxPlatformCalls: WARM_MAX_PLATFORM_CALLS,
    },
  })),
  ...[1, 500].map((page) => ({
    label: `leaderboard page ${page}`,
    path: `/en/leaderboard/${LEVELS_GUILD}${page === 1 ? "" : `/${page}`}`,
    title: "Lo-fi Study Hall leaderboard · Guildhall",
    signedIn: false,
    targets: { minRatio: LEADERBOARD_MIN_RATIO, maxP99Ms: LEADERBOARD_MAX_P99_MS, maxOurFirstLoadJsKb: PUBLIC_MAX_OUR_JS_KB, maxPlatformCalls: WARM_MAX_PLATFORM_CALLS },
  })),
];

const COLD_PAGE = { path: `/en/dashboard/${COLD_GUILD}/welcome`, title: "Welcome settings · Guildhall" };

const COOKIE_NAMES = ["gh_session", "XSRF-TOKEN"];

const jsCell = ({ frameworkBytes, oursBytes, laterBytes }: ReturnType<typeof splitFirstLoad>) =>
  `${kb(frameworkBytes).toFixed(1)} + ${kb(oursBytes).toFixed(1)} (${kb(laterBytes).toFixed(1)})`;

/** Simultaneous cold loads of a guild page: first in a run, while nothing of that guild is cached. */
export async function runColdCheck(server: RunningServer, jar: Jar): Promise<Check[]> {
  console.log(`Concurrency: ${COLD_CONCURRENCY} simultaneous cold loads of ${COLD_PAGE.path}…`);
  const cold = await coldLoads({ appUrl: server.appUrl, emulatorUrl: server.emulatorUrl, headers: { cookie: jar.header(COOKIE_NAMES) }, concurrency: COLD_CONCURRENCY, ...COLD_PAGE });
  console.log(`  cold loads: ${cold.concurrency} × ${cold.path} answered within ${Math.round(cold.ms)} ms; upstream calls ${cold.calls.total}, by resource ${JSON.stringify(cold.calls.byResource)}`);
  return checkColdLoads(cold, COLD_MAX_CALLS_PER_RESOURCE);
}

/** Every page kind on its own; prints the table and details; returns the checks. */
export async function runSingleUrlPages(server: RunningServer, jar: Jar): Promise<Check[]> {
  const signedInHeaders = { cookie: jar.header(COOKIE_NAMES) };
  const browserCookies = COOKIE_NAMES.flatMap((name) => {
    const value = jar.cookies.get(name);
    return value ? [{ name, value }] : [];
  });
  const headersFor = (page: { signedIn: boolean }) => (page.signedIn ? signedInHeaders : {});

  const runs: PageRun[] = [];
  for (const page of PAGES) {
    checkpoint();
    console.log(`Loading ${page.path} (${page.label}), then its node:http baseline: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each…`);
    runs.push(await runPage(server, { path: page.path, title: page.title, headers: headersFor(page) }, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS }));
  }

  const framework = frameworkChunks(process.cwd());
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
      js instanceof Error ? "n/a" : jsCell(splitFirstLoad(js, framework)),
      String(run.calls.total),
    ];
  });
  console.log(`\nPages (${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, warm caches; landing and legal signed out, the rest signed in as Ada):\n`);
  console.log(markdownTable(["page", "req/s", "p50", "p99", "ratio to node:http", "HTML KB", "first-load JS KB gzip: framework + ours (later)", "platform calls"], rows));

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

  const checks: Check[] = PAGES.flatMap((page, i) => {
    const js = firstLoad[i]!;
    return checkPage(page.label, runs[i]!, js instanceof Error ? undefined : splitFirstLoad(js, framework).oursBytes, page.targets);
  });
  checks.push(...(await checkEveryPluginPage(server, browserCookies, framework)));
  return checks;
}

/**
 * The plugin-page budget holds for every plugin, not only the two timed above: each page's
 * first-load JavaScript once, in Chromium (its own islands differ: levels, automations, music…).
 */
async function checkEveryPluginPage(server: RunningServer, cookies: Array<{ name: string; value: string }>, framework: ReadonlySet<string>): Promise<Check[]> {
  const rows: string[][] = [];
  const checks: Check[] = [];
  for (const plugin of PLUGIN_IDS) {
    checkpoint();
    const path = `/en/dashboard/${WORKSHOP}/${plugin}`;
    const js = await measureFirstLoadJs({ pageUrl: `${server.appUrl}${path}`, cookies }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (js instanceof Error) {
      checks.push({ pass: false, text: `plugin: ${plugin}: first-load JS not measured: ${js.message}` });
      continue;
    }
    const split = splitFirstLoad(js, framework);
    rows.push([plugin, jsCell(split)]);
    checks.push({ pass: kb(split.oursBytes) <= PLUGIN_MAX_OUR_JS_KB, text: `plugin: ${plugin}: our first-load JS beyond the framework's (gzip) ${kb(split.oursBytes).toFixed(1)} KB (target ≤ ${PLUGIN_MAX_OUR_JS_KB} KB)` });
  }
  console.log("\nFirst-load JS of every plugin page (signed in as Ada, on Ada's Workshop):\n");
  console.log(markdownTable(["plugin", "first-load JS KB gzip: framework + ours (later)"], rows));
  return checks;
}
