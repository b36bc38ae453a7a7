// Why: a repeatable performance check of the guild overview page, the page a
// signed-in admin opens most. Starts the production server against the platform
// emulator, loads the page with autocannon, compares with a static baseline,
// counts upstream Discord calls and the first-load JavaScript, and exits 1 when
// a target is missed or the run had errors.
// Run: `npm run bench` (= node --import tsx bench/guild-overview.ts).
import os from "node:os";
import path from "node:path";
import { GUILD_IDS, USER_IDS } from "../emulators/platform/data/ids";
import { fetchRaw, startStaticServer } from "./lib/baseline";
import { checkpoint, cleanupOnSignals, onCleanup, runCleanup } from "./lib/cleanup";
import { measureFirstLoadJs } from "./lib/first-load-js";
import { runLoad, warmUp, type LoadResult } from "./lib/load";
import { startGuildhall } from "./lib/server";
import { signIn } from "./lib/sign-in";
import { callDelta, upstreamCalls } from "./lib/upstream";

const ROOT = path.resolve(__dirname, "..");
const PORT = 3300;
const EMULATOR_PORT = 3301;
const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
const MIN_RATIO = 0.05;
const MAX_FIRST_LOAD_JS_KB = 170;
const GUILD_ID = GUILD_IDS.workshop;
/** React escapes the apostrophe; the RSC payload keeps it. */
const GUILD_NAME = /Ada(?:'|&#x27;|&#39;|&apos;)s Workshop/;

const kb = (bytes: number) => bytes / 1024;

async function main(): Promise<number> {
  const problems: string[] = [];
  const fail = (message: string) => {
    problems.push(message);
    console.error(`FAIL: ${message}`);
  };

  const [load1] = os.loadavg();
  console.log(`Machine: ${os.availableParallelism()} CPUs, load average ${load1?.toFixed(2)} before start (numbers are only comparable on an idle machine).`);
  console.log(`Starting Guildhall on :${PORT} with the platform emulator on :${EMULATOR_PORT} (builds first when sources changed; can take minutes)…`);
  const server = await startGuildhall({ root: ROOT, port: PORT, emulatorPort: EMULATOR_PORT, dataDir: ".data/bench" });
  onCleanup(server.stop);
  console.log(`Server ready (log: ${path.relative(ROOT, server.logFile)}).`);

  checkpoint();
  const jar = await signIn({ appUrl: server.appUrl, userId: USER_IDS.ada });
  const cookieNames = ["gh_session", "XSRF-TOKEN"];
  const headers = { cookie: jar.header(cookieNames) };
  const pagePath = `/en/dashboard/${GUILD_ID}`;
  const pageUrl = `${server.appUrl}${pagePath}`;
  console.log(`Signed in as Ada; target ${pagePath}.`);

  checkpoint();
  await warmUp(pageUrl, headers, CONNECTIONS);
  const page = await fetchRaw(pageUrl, headers);
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status} after sign-in`);
  if (!GUILD_NAME.test(page.body.toString("utf8"))) fail(`${pagePath} does not show "Ada's Workshop" (not the guild overview?)`);
  const contentType = String(page.headers["content-type"] ?? "text/html; charset=utf-8");

  checkpoint();
  console.log(`Loading Guildhall: ${CONNECTIONS} connections for ${DURATION_SECONDS} s…`);
  const logStart = server.logOffset();
  const before = await upstreamCalls(server.emulatorUrl);
  const guildhall = await runLoad({ url: pageUrl, headers, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
  const after = await upstreamCalls(server.emulatorUrl);
  const calls = callDelta(before, after);
  const serverErrors = loggedErrors(server.logSince(logStart));
  if (serverErrors.count > 0) console.warn(`WARNING: the server logged ${serverErrors.count} errors during the load (first: ${serverErrors.first}); logging stack traces is itself slow.`);
  checkLoad("guildhall", guildhall, fail);
  if (guildhall.responses > 0 && calls.total >= guildhall.responses) {
    fail(`${calls.total} upstream platform calls for ${guildhall.responses} page loads: warm caches are not absorbing the load`);
  }

  checkpoint();
  console.log(`Loading the baseline (same ${page.body.length} bytes from node:http)…`);
  const baselineServer = await startStaticServer(page.body, contentType);
  onCleanup(baselineServer.stop);
  const baseline = await runLoad({ url: baselineServer.url, headers, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
  await baselineServer.stop();
  checkLoad("baseline", baseline, fail);
  const ratio = baseline.requestsPerSecond > 0 ? guildhall.requestsPerSecond / baseline.requestsPerSecond : 0;
  if (ratio < MIN_RATIO) fail(`throughput ratio ${ratio.toFixed(3)} is below ${MIN_RATIO}`);

  checkpoint();
  console.log("Measuring first-load JavaScript in Chromium…");
  const js = await measureFirstLoadJs({
    pageUrl,
    cookies: cookieNames.flatMap((name) => {
      const value = jar.cookies.get(name);
      return value ? [{ name, value }] : [];
    }),
  });
  if (kb(js.gzipBytes) > MAX_FIRST_LOAD_JS_KB) fail(`first-load JS ${kb(js.gzipBytes).toFixed(1)} KB gzip is above ${MAX_FIRST_LOAD_JS_KB} KB`);

  console.log("\nScripts loaded by the page (transferred body, gzip):");
  for (const script of [...js.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const notes = [
      ...(script.gzippedByUs ? ["served uncompressed; gzip size computed here"] : script.encoding === "gzip" ? [] : [script.encoding]),
      ...(script.inDocument ? [] : ["not in the HTML: fetched later, e.g. by link prefetch"]),
    ];
    const note = notes.length > 0 ? ` (${notes.join("; ")})` : "";
    console.log(`  ${kb(script.gzipBytes).toFixed(1).padStart(7)} KB  ${new URL(script.url).pathname}${note}`);
  }

  const inDocument = js.scripts.filter((s) => s.inDocument).reduce((sum, s) => sum + s.gzipBytes, 0);
  const line = (name: string, r: LoadResult) =>
    `  ${`${name}:`.padEnd(11)}${Math.round(r.requestsPerSecond)} req/s`.padEnd(28) +
    `p50 ${r.p50Ms} ms`.padEnd(12) +
    `p99 ${r.p99Ms} ms`.padEnd(12) +
    `(${r.responses} responses: ${statusSummary(r)}, ${r.errors} errors)`;
  console.log(`
Guild overview benchmark (${CONNECTIONS} connections, ${DURATION_SECONDS} s, warm caches)
  page: ${pagePath} (${kb(page.body.length).toFixed(1)} KB HTML, uncompressed)
${line("guildhall", guildhall)}
${line("baseline", baseline)}
  ratio: ${ratio.toFixed(3)} (target ≥ ${MIN_RATIO})
  upstream platform calls during run: ${calls.total} for ${guildhall.responses} page loads (byRoute ${JSON.stringify(calls.byRoute)})
  server errors logged during run: ${serverErrors.count}${serverErrors.first ? ` (first: ${serverErrors.first})` : ""}
  first-load JS: ${kb(js.gzipBytes).toFixed(1)} KB gzip in ${js.scripts.length} scripts (target ≤ ${MAX_FIRST_LOAD_JS_KB} KB); ${kb(inDocument).toFixed(1)} KB of it named in the HTML; + ${kb(js.headerBytes).toFixed(1)} KB response headers
  result: ${problems.length === 0 ? "PASS" : `FAIL (${problems.length})`}`);
  for (const problem of problems) console.log(`    - ${problem}`);
  return problems.length === 0 ? 0 : 1;
}

function checkLoad(name: string, result: LoadResult, fail: (message: string) => void) {
  if (result.responses === 0) fail(`${name}: no responses at all`);
  if (result.non200 > 0) fail(`${name}: ${result.non200} responses were not 200 (${statusSummary(result)})`);
  if (result.errors > 0) fail(`${name}: ${result.errors} connection errors (${result.timeouts} timeouts)`);
}

/** Error lines in a slice of the server log (Next prints "⨯ …", libraries "Error: …"). */
function loggedErrors(log: string): { count: number; first?: string } {
  const lines = log.split("\n").filter((l) => /^\s*(⨯|Error:|\w*Error:)/.test(l));
  return { count: lines.length, first: lines[0]?.trim().slice(0, 160) };
}

function statusSummary(result: LoadResult): string {
  const entries = Object.entries(result.statusCounts);
  if (entries.length === 1 && entries[0]![0] === "200") return "all 200";
  return entries.map(([status, count]) => `${count}× ${status}`).join(", ") || "none";
}

cleanupOnSignals();
main()
  .then(async (code) => {
    await runCleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    if (error instanceof Error && error.message === "interrupted") return; // the signal handler exits
    console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await runCleanup();
    process.exit(1);
  });
