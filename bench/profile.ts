// Why: first renders (a page drawn while its visitor waits) must stay cheap, and where their
// time goes is read from a CPU profile of the production server, not guessed. Starts the
// server under `node --cpu-prof` (bench ports), draws every plugin page of a guild once in
// every language, one request at a time, stops the server and prints the functions and places
// with the most self time. Run: `npm run bench:profile` (-- --mixed: the mixed load instead).
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { GUILD_IDS, USER_IDS } from "../emulators/platform/data/ids";
import { LOCALES } from "../lib/i18n/locales";
import { PLUGIN_IDS } from "../lib/plugins/index";
import { onCleanup, runBenchmark } from "./lib/cleanup";
import { readProfile, selfTimes } from "./lib/cpu-profile";
import { demoTraffic } from "./lib/demo-traffic";
import { MIXED, runMixedLoad } from "./lib/mixed-load";
import { BENCH_PORTS, startGuildhall } from "./lib/server";
import { signIn } from "./lib/sign-in";
import { markdownTable } from "./lib/table";

const ROOT = path.resolve(__dirname, "..");
const PROFILES = path.join(ROOT, ".data", "bench-profile");
const TOP = 25;

async function main(): Promise<number> {
  const mixed = process.argv.includes("--mixed");
  rmSync(PROFILES, { recursive: true, force: true });
  mkdirSync(PROFILES, { recursive: true });
  // The server process writes its profile when it stops (scripts/start.ts).
  process.env.SERVER_CPU_PROF_DIR = PROFILES;
  const server = await startGuildhall({ root: ROOT, ...BENCH_PORTS, dataDir: ".data/bench", stopGraceMs: 180_000 });
  delete process.env.SERVER_CPU_PROF_DIR;
  onCleanup(server.stop);
  console.log("Server ready; signing in as Ada…");
  const jar = await signIn({ appUrl: server.appUrl, userId: USER_IDS.ada });
  const cookie = jar.header(["gh_session", "XSRF-TOKEN"]);

  const started = performance.now();
  if (mixed) {
    const traffic = await demoTraffic(server.appUrl);
    await runMixedLoad(server.appUrl, traffic, { path: `/en/dashboard/${GUILD_IDS.workshop}/welcome`, cookie }, MIXED);
  } else {
    let pages = 0;
    for (const locale of LOCALES) {
      for (const page of ["", ...PLUGIN_IDS]) {
        const response = await fetch(`${server.appUrl}/${locale}/dashboard/${GUILD_IDS.workshop}${page ? `/${page}` : ""}`, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        pages++;
      }
      console.log(`  ${locale} drawn`);
    }
    console.log(`${pages} first renders in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
  await server.stop();

  const profile = readdirSync(PROFILES)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(PROFILES, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!profile) throw new Error(`no profile was written in ${PROFILES}`);
  const { functions, places, totalMs } = selfTimes(readProfile(profile));
  const row = (entry: { name: string; ms: number; share: number }) => [entry.name, `${Math.round(entry.ms)} ms`, `${(entry.share * 100).toFixed(1)} %`];
  console.log(`\nProfile ${path.relative(ROOT, profile)}: ${Math.round(totalMs)} ms sampled (start-up included).\n`);
  console.log(markdownTable(["place", "self time", "share"], places.slice(0, 15).map(row)));
  console.log("");
  console.log(markdownTable(["function", "self time", "share"], functions.slice(0, TOP).map(row)));
  return 0;
}

runBenchmark("Profile", main);
