// Why: the performance issue sets Lighthouse targets (mobile performance ≥ 95,
// CLS ≤ 0.05, accessibility ≥ 98) on the landing page, my servers, the guild
// overview and a plugin page. Starts the production server against the platform
// emulator (ports 3302/3303, so it can run next to `npm run bench`), signs in as
// Ada, runs Lighthouse (dev dependency, Debian Chromium, offline, default mobile
// settings with simulated throttling) RUNS times per page, prints one table of the
// median runs, the failing accessibility audits with the element to fix, PASS/FAIL
// per target, and exits 1 when any is missed. JSON reports: .data/bench-lighthouse/.
// Run: `npm run bench:lighthouse` (= node --import tsx bench/lighthouse.ts).
import os from "node:os";
import path from "node:path";
import { GUILD_IDS, USER_IDS } from "../emulators/platform/data/ids";
import { checkpoint, onCleanup, runBenchmark } from "./lib/cleanup";
import { wrongPage } from "./lib/html";
import { runLighthouse, type LighthouseRun } from "./lib/lighthouse-run";
import { checkLighthouse, medianRun, type LighthouseTargets } from "./lib/lighthouse-targets";
import { startGuildhall } from "./lib/server";
import { signIn } from "./lib/sign-in";
import { markdownTable } from "./lib/table";
import { reportChecks, type Check } from "./lib/targets";

/** Lighthouse scores vary from run to run; the median of this many runs counts. */
const RUNS = 3;

// Targets from the performance issue.
const TARGETS: LighthouseTargets = { minPerformance: 95, maxCls: 0.05, minAccessibility: 98 };

const PORT = 3302;
const EMULATOR_PORT = 3303;
const DATA_DIR = ".data/bench-lighthouse";
const ROOT = path.resolve(__dirname, "..");
const WORKSHOP = GUILD_IDS.workshop; // Ada owns it; bot present

type Page = { label: string; slug: string; path: string; title: string; signedIn: boolean };

const PAGES: Page[] = [
  { label: "landing", slug: "landing", path: "/en", title: "Guildhall: the friendly bot dashboard for your Discord server", signedIn: false },
  { label: "my servers", slug: "my-servers", path: "/en/dashboard", title: "Your servers · Guildhall", signedIn: true },
  { label: "guild overview", slug: "overview", path: `/en/dashboard/${WORKSHOP}`, title: "Ada's Workshop · Guildhall", signedIn: true },
  { label: "plugin: welcome", slug: "plugin-welcome", path: `/en/dashboard/${WORKSHOP}/welcome`, title: "Welcome settings · Guildhall", signedIn: true },
];

async function main(): Promise<number> {
  const started = Date.now();
  const [load1] = os.loadavg();
  console.log(`Machine: ${os.availableParallelism()} CPUs, load average ${load1?.toFixed(2)} before start (scores are only comparable on an idle machine).`);
  console.log(`Starting Guildhall on :${PORT} with the platform emulator on :${EMULATOR_PORT} (builds first when sources changed; can take minutes)…`);
  const server = await startGuildhall({ root: ROOT, port: PORT, emulatorPort: EMULATOR_PORT, fakePortsFrom: 3330, dataDir: DATA_DIR });
  onCleanup(server.stop);
  console.log(`Server ready (log: ${path.relative(ROOT, server.logFile)}).`);

  checkpoint();
  const jar = await signIn({ appUrl: server.appUrl, userId: USER_IDS.ada });
  const signedInHeaders = { Cookie: jar.header(["gh_session", "XSRF-TOKEN"]) };
  console.log("Signed in as Ada.");

  const results: Array<{ page: Page; runs: LighthouseRun[]; median: LighthouseRun }> = [];
  for (const page of PAGES) {
    checkpoint();
    const headers = page.signedIn ? signedInHeaders : {};
    await warmUp(`${server.appUrl}${page.path}`, page, headers);
    const runs: LighthouseRun[] = [];
    for (let i = 1; i <= RUNS; i++) {
      checkpoint();
      console.log(`Lighthouse ${i}/${RUNS}: ${page.path} (${page.label})…`);
      const reportFile = path.join(ROOT, DATA_DIR, `${page.slug}-${i}.json`);
      runs.push(await runLighthouse({ url: `${server.appUrl}${page.path}`, headers, reportFile }));
    }
    results.push({ page, runs, median: medianRun(runs) });
  }

  // The table.
  const rows = results.map(({ page, median }) => [
    `${page.label} \`${page.path.replace(WORKSHOP, "{workshop}")}\``,
    show(median.performance, 0),
    seconds(median.lcpMs),
    median.tbtMs === undefined ? "n/a" : `${Math.round(median.tbtMs)} ms`,
    show(median.cls, 3),
    seconds(median.fcpMs),
    show(median.accessibility, 0),
  ]);
  console.log(`\nLighthouse, mobile, simulated throttling; median of ${RUNS} runs by performance score (landing signed out, the rest signed in as Ada):\n`);
  console.log(markdownTable(["page", "performance", "LCP", "TBT", "CLS", "FCP", "accessibility"], rows));

  console.log("\nDetails:");
  for (const { page, runs, median } of results) {
    const scores = runs.map((run) => `${show(run.performance, 0)}/${show(run.accessibility, 0)}`).join(", ");
    const cpu = runs.map((run) => Math.round(run.benchmarkIndex)).join(", ");
    console.log(`  ${page.label}: performance/accessibility per run ${scores}; CPU benchmark index ${cpu}; median report ${path.relative(ROOT, median.reportFile)}`);
    for (const audit of median.failedA11yAudits) {
      const snippet = audit.snippet && audit.snippet.length > 160 ? `${audit.snippet.slice(0, 159)}…` : audit.snippet;
      const where = audit.selector ? `first: \`${audit.selector}\`${snippet ? ` ${snippet}` : ""}` : "no element named";
      console.log(`    accessibility audit failed: ${audit.id} (${audit.title}), ${audit.count} element(s); ${where}`);
    }
    const external = [...new Set(runs.flatMap((run) => run.externalRequests))];
    if (external.length > 0) console.log(`    requests outside this machine: ${external.join(", ")}`);
    for (const warning of new Set(runs.flatMap((run) => run.warnings))) console.log(`    Lighthouse warning: ${warning}`);
  }

  const checks: Check[] = results.flatMap(({ page, runs, median }) => checkLighthouse(page.label, page.path, runs, median, TARGETS));
  return reportChecks(checks, started);
}

/** Fills the page caches before the first measured run, and makes sure the page is the intended one (a 200 can be the login or "unavailable" page). */
async function warmUp(url: string, page: Page, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const response = await fetch(url, { headers, redirect: "manual" });
    const problem = wrongPage(page.path, response.status, await response.text(), page.title);
    if (problem) throw new Error(`warm-up: ${problem}`);
  }
}

const show = (value: number | undefined, digits: number) => (value === undefined ? "n/a" : value.toFixed(digits));
const seconds = (ms: number | undefined) => (ms === undefined ? "n/a" : `${(ms / 1000).toFixed(1)} s`);

runBenchmark("Lighthouse benchmark", main);
