/** @jest-environment node */
// A slow platform never blocks a page: with cached data the page answers within a second
// (marked stale, refreshed in the background); with nothing cached it fails closed within
// five seconds; and repeated loads during an outage do not multiply platform calls.
import { GET } from "@/app/api/plugins/[...path]/route";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { readGuildShell } from "@/lib/guilds/guild-shell";
import { readVerdict, VERDICT_HEADER } from "@/lib/guilds/verdict-proof";
import { ageCacheForTests, clearCache } from "@/lib/platform/cache";
import { middleware } from "@/middleware";
import { call } from "@/test/route-client";
import { signedInForThisBlock } from "@/test/sign-in";
import { NextRequest } from "next/server";

const GUILD = GUILD_IDS.workshop;
const SLOW = { path: "/", status: 200 as const, delay_ms: 15_000, count: 1_000 };

const signedIn = signedInForThisBlock();
afterEach(() => signedIn.harness.emulator.clearFaults());

const page = (path: string) => middleware(new NextRequest(new URL(path, "http://localhost:3000"), { headers: { cookie: signedIn.cookie } }));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

it("answers a guild page from older data within 1 s while the platform takes 15 s, then refreshes in the background", async () => {
  // Load everything the page needs once, then let it expire.
  expect((await page(`/en/dashboard/${GUILD}/welcome`)).headers.get("x-middleware-rewrite")).toBeNull();
  await readGuildShell(GUILD);
  ageCacheForTests(61_000);
  signedIn.harness.emulator.injectFault(SLOW);
  signedIn.harness.emulator.resetCalls();

  const verdict = await timed(() => page(`/en/dashboard/${GUILD}/welcome`));
  expect(verdict.ms).toBeLessThan(1000);
  expect(verdict.value.headers.get("x-middleware-rewrite")).toBeNull();
  expect(readVerdict(verdict.value.headers.get(`x-middleware-request-${VERDICT_HEADER}`), GUILD)).not.toBeNull();

  const shell = await timed(() => readGuildShell(GUILD));
  expect(shell.ms).toBeLessThan(1000);
  expect(shell.value.stale).toBe(true);

  // An API read that needs the (cached) permission check and the database does not wait either.
  const config = await timed(() => call(GET, `/api/plugins/welcome/config/${GUILD}`, { jar: signedIn.jar, params: { path: ["welcome", "config", GUILD] } }));
  expect(config.ms).toBeLessThan(1000);
  expect(config.value.status).toBe(200);

  // The refresh went out once (the page's loads joined the verdict's), in the background.
  expect(signedIn.harness.callsTo("GET /guilds/:id")).toBe(1);
});

it("fails closed within 5 s when nothing is cached, and 5 loads do not multiply calls", async () => {
  clearCache();
  signedIn.harness.emulator.injectFault(SLOW);
  signedIn.harness.emulator.resetCalls();
  const first = await timed(() => page(`/en/dashboard/${GUILD}`));
  expect(first.ms).toBeLessThan(5000);
  expect(new URL(first.value.headers.get("x-middleware-rewrite")!).pathname).toBe(`/en/dashboard/unavailable/${GUILD}`);
  const afterFirst = signedIn.harness.emulator.calls().total;
  for (let load = 0; load < 4; load++) {
    const again = await timed(() => page(`/en/dashboard/${GUILD}`));
    expect(again.ms).toBeLessThan(1000);
  }
  expect(signedIn.harness.emulator.calls().total).toBe(afterFirst);
  expect(afterFirst).toBeLessThanOrEqual(4);
});
