// Why: several instances must answer what one answers, and the figures show what the proxy and
// the shared state (PostgreSQL, Redis) cost or give. Runs the mixed load (bench/lib/mixed-load.ts)
// twice on the same kind of set-up, each on a fresh private PostgreSQL cluster and redis-server:
// first one instance (`npm start` with DATABASE_URL and REDIS_URL), then N behind the round-robin
// proxy (`npm start -- --instances N`), and prints both tables side by side with node:http.
// Fails when any request failed, any write failed, the server logged an error, or the N instances
// answered a page differently from the one instance (status and title of every page).
// Run: `npm run bench:instances` (N = 2) or `npm run bench:instances -- --instances 3`.
import os from "node:os";
import path from "node:path";
import { GUILD_IDS, USER_IDS } from "../emulators/platform/data/ids";
import { startPostgresHarness } from "../test/postgres-harness";
import { startRedisHarness } from "../test/redis-harness";
import { checkpoint, onCleanup, runBenchmark } from "./lib/cleanup";
import { demoTraffic } from "./lib/demo-traffic";
import { MIXED, runMixedLoad, type MixedRun } from "./lib/mixed-load";
import { BENCH_PORTS, loggedErrors, startGuildhall } from "./lib/server";
import { signIn } from "./lib/sign-in";
import { markdownTable } from "./lib/table";
import { reportChecks, type Check } from "./lib/targets";

const ROOT = path.resolve(__dirname, "..");

type Run = { instances: number; mixed: MixedRun; pages: number; loggedErrors: { count: number; first?: string } };

async function main(): Promise<number> {
  const started = Date.now();
  const instances = instanceCount(process.argv);
  const [load1] = os.loadavg();
  console.log(`Machine: ${os.availableParallelism()} CPUs, load average ${load1?.toFixed(2)} before start (numbers are only comparable on an idle machine).`);
  const runs: Run[] = [];
  for (const count of [1, instances]) {
    checkpoint();
    runs.push(await measure(count));
  }
  const [one, many] = runs as [Run, Run];

  const rows = runs.flatMap((run) => {
    const label = run.instances === 1 ? "1 instance" : `${run.instances} instances behind the proxy`;
    const ratio = (rps: number) => (run.mixed.baseline.requestsPerSecond > 0 ? rps / run.mixed.baseline.requestsPerSecond : 0);
    const row = (mix: string, result: MixedRun["readsOnly"]) => [label, mix, String(Math.round(result.requestsPerSecond)), `${result.p50Ms} ms`, `${result.p99Ms} ms`, ratio(result.requestsPerSecond).toFixed(3)];
    return [row("reads only", run.mixed.readsOnly), row(`reads + ${MIXED.writesPerSecond} settings write per second`, run.mixed.withWrites), row("node:http, one plugin page's bytes", run.mixed.baseline)];
  });
  console.log(`\nMixed load on PostgreSQL and Redis (${one.pages} distinct pages, ${MIXED.connections} connections, ${MIXED.durationSeconds} s per mix):\n`);
  console.log(markdownTable(["set-up", "mix", "req/s", "p50", "p99", "ratio to node:http"], rows));
  for (const run of runs) console.log(`  ${run.instances} instance(s): ${run.mixed.writes.count} writes (${run.mixed.writes.failed} failed), p50 ${run.mixed.writes.p50Ms} ms, slowest ${run.mixed.writes.maxMs} ms`);

  const differing = many.mixed.warmUp.answers.filter((answer, i) => answer !== one.mixed.warmUp.answers[i]);
  const checks: Check[] = [
    ...runs.flatMap((run) => run.mixed.problems.map((problem) => ({ pass: false, text: `${run.instances} instance(s): ${problem}` }))),
    ...runs.map((run) => ({ pass: run.loggedErrors.count === 0, text: `${run.instances} instance(s): ${run.loggedErrors.count} errors logged${run.loggedErrors.first ? ` (first: ${run.loggedErrors.first})` : ""}` })),
    {
      pass: differing.length === 0 && many.mixed.warmUp.answers.length === one.mixed.warmUp.answers.length,
      text: `${instances} instances answer the ${one.pages} pages as 1 instance does (status and title)${differing.length > 0 ? `; first difference: ${differing[0]}` : ""}`,
    },
  ];
  return reportChecks(checks, started);
}

/** One set-up from scratch: its own PostgreSQL and Redis, `count` instances, the mixed load. */
async function measure(count: number): Promise<Run> {
  console.log(`\n${count === 1 ? "One instance" : `${count} instances behind the proxy`}: starting a private PostgreSQL cluster and redis-server…`);
  const [postgres, redis] = await Promise.all([startPostgresHarness(), startRedisHarness()]);
  onCleanup(postgres.stop);
  onCleanup(redis.stop);
  console.log(`Starting Guildhall on :${BENCH_PORTS.port} (builds first when sources changed; can take minutes)…`);
  // A folder per set-up: each run's server log stays to be read.
  const server = await startGuildhall({ root: ROOT, ...BENCH_PORTS, dataDir: `.data/bench-instances/${count}`, instances: count, env: { DATABASE_URL: postgres.url, REDIS_URL: redis.url } });
  onCleanup(server.stop);
  console.log(`Server ready (log: ${path.relative(ROOT, server.logFile)}).`);
  try {
    const logFrom = server.logOffset();
    const ada = await signIn({ appUrl: server.appUrl, userId: USER_IDS.ada });
    const traffic = await demoTraffic(server.appUrl);
    console.log(`  ${traffic.viewers.length} users, ${traffic.guilds} servers: ${traffic.requests.length} distinct pages; warm-up pass, then ${MIXED.durationSeconds} s per mix…`);
    const baselinePage = { path: `/en/dashboard/${GUILD_IDS.workshop}/welcome`, cookie: ada.header(["gh_session", "XSRF-TOKEN"]) };
    const mixed = await runMixedLoad(server.appUrl, traffic, baselinePage, MIXED);
    return { instances: count, mixed, pages: traffic.requests.length, loggedErrors: loggedErrors(server.logSince(logFrom)) };
  } finally {
    await server.stop();
    await Promise.all([redis.stop(), postgres.stop()]);
  }
}

function instanceCount(argv: readonly string[]): number {
  const at = argv.indexOf("--instances");
  const count = at === -1 ? 2 : Number(argv[at + 1]);
  if (!Number.isInteger(count) || count < 2 || count > 8) throw new Error("--instances takes a number from 2 to 8 (the instances listen on the ports before the emulator's).");
  return count;
}

runBenchmark("Several-instances benchmark", main);
