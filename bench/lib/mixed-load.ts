// Why: the figure that matters is how the dashboard holds up under real traffic: every demo
// user's servers, every page of the menu, four languages, in random order (demo-traffic.ts),
// with and without settings being saved meanwhile (each save expires that server's pages).
// One warm-up pass draws every page once; then each mix runs for the same time with the
// same connections, and node:http serving one plugin page's bytes runs the same way beside it.
import autocannon from "autocannon";
import { fetchRaw, startStaticServer } from "./baseline";
import { onCleanup } from "./cleanup";
import type { DemoTraffic, PageRequest, Viewer } from "./demo-traffic";
import { pageTitle } from "./html";
import { loadProblems, runLoad, type LoadResult } from "./load";

export type MixSettings = { connections: number; durationSeconds: number; writesPerSecond: number };

/** The mixed load every bench runs (issue 22): 10 connections, 15 s per mix, 1 settings write a second. */
export const MIXED: MixSettings = { connections: 10, durationSeconds: 15, writesPerSecond: 1 };

export type WriteStats = { count: number; failed: number; p50Ms: number; maxMs: number };

export type MixedRun = {
  readsOnly: LoadResult;
  withWrites: LoadResult;
  writes: WriteStats;
  baseline: LoadResult;
  /** `answers`: each page's path, status and title, sorted: what two runs compare. */
  warmUp: { pages: number; seconds: number; failed: string[]; answers: string[] };
  problems: string[];
};

/** The plugin whose switch each write flips: on every server, free, needs no channel. */
const WRITTEN_PLUGIN = "help";

export async function runMixedLoad(appUrl: string, traffic: DemoTraffic, baselinePath: PageRequest, settings: MixSettings): Promise<MixedRun> {
  const warmUp = await drawEveryPage(appUrl, traffic.requests, settings.connections);
  const readsOnly = await loadMix(appUrl, traffic.requests, settings);
  const writer = startWriter(appUrl, traffic.viewers, settings.writesPerSecond);
  let withWrites: LoadResult;
  try {
    withWrites = await loadMix(appUrl, traffic.requests, settings);
  } finally {
    await writer.stop();
  }
  const baseline = await loadBaseline(appUrl, baselinePath, settings);
  const writes = writer.stats();
  const problems = [
    ...warmUp.failed.slice(0, 3).map((failure) => `warm-up: ${failure}`),
    ...loadProblems("reads only", readsOnly),
    ...loadProblems("reads + writes", withWrites),
    ...loadProblems("node:http baseline", baseline),
    ...(writes.failed > 0 ? [`${writes.failed} of ${writes.count} settings writes failed`] : []),
  ];
  return { readsOnly, withWrites, writes, baseline, warmUp, problems };
}

/** Every distinct page once, `connections` at a time: each must answer 200 with its guild's page. */
async function drawEveryPage(appUrl: string, requests: PageRequest[], connections: number) {
  const started = performance.now();
  const failed: string[] = [];
  const answers: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { path, cookie } = requests[next++]!;
      const response = await fetch(`${appUrl}${path}`, { headers: { cookie }, redirect: "manual" });
      const html = await response.text();
      answers.push(`${path} ${response.status} ${pageTitle(html) ?? "(no title)"}`);
      // The unavailable page is a 200 too: it names no guild menu.
      if (response.status !== 200 || !html.includes('id="guild-menu"')) failed.push(`${path} answered ${response.status}${response.status === 200 ? " without the guild's menu" : ""}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { pages: requests.length, seconds: (performance.now() - started) / 1000, failed, answers: answers.sort() };
}

/** The shuffled pages in a ring: each request takes the next, whichever connection sends it. */
async function loadMix(appUrl: string, requests: PageRequest[], settings: MixSettings): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: appUrl,
    connections: settings.connections,
    duration: settings.durationSeconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const page = requests[next++ % requests.length]!;
          return { ...request, method: "GET", path: page.path, headers: { ...request.headers, cookie: page.cookie } };
        },
      },
    ],
  });
  const statusCounts: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = stats.count ?? 0;
  const responses = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    responses,
    statusCounts,
    non200: responses - (statusCounts["200"] ?? 0),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * One settings write per 1/rate seconds, round the viewers and their servers: the help
 * plugin switched on or off, through the API as the browser saves it (cookie, XSRF header).
 */
function startWriter(appUrl: string, viewers: Viewer[], perSecond: number) {
  const targets = viewers.flatMap((viewer) => viewer.guilds.map((guild) => ({ viewer, guild })));
  const enabled = new Map<string, boolean>();
  const times: number[] = [];
  let failed = 0;
  let stopped = false;
  let turn = 0;
  const write = async () => {
    const { viewer, guild } = targets[turn++ % targets.length]!;
    const on = !(enabled.get(guild) ?? false);
    const started = performance.now();
    const response = await fetch(`${appUrl}/api/plugins/${WRITTEN_PLUGIN}/config/${guild}`, {
      method: "PATCH",
      headers: { cookie: viewer.cookie, "x-xsrf-token": viewer.xsrf, origin: appUrl, "content-type": "application/json" },
      body: JSON.stringify({ enabled: on }),
    }).catch(() => null);
    await response?.arrayBuffer();
    times.push(performance.now() - started);
    if (response?.ok) enabled.set(guild, on);
    else failed++;
  };
  const loop = (async () => {
    const every = 1000 / perSecond;
    let due = performance.now();
    while (!stopped) {
      await write();
      due += every;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
    stats: (): WriteStats => {
      const sorted = [...times].sort((a, b) => a - b);
      return { count: times.length, failed, p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0), maxMs: Math.round(sorted.at(-1) ?? 0) };
    },
  };
}

/** node:http answering one plugin page's exact bytes, loaded like the mixes. */
async function loadBaseline(appUrl: string, page: PageRequest, settings: MixSettings): Promise<LoadResult> {
  const first = await fetchRaw(`${appUrl}${page.path}`, { cookie: page.cookie });
  if (first.status !== 200) throw new Error(`${page.path} answered ${first.status}: no bytes for the baseline`);
  const server = await startStaticServer(first.body, String(first.headers["content-type"] ?? "text/html; charset=utf-8"));
  onCleanup(server.stop);
  try {
    return await runLoad({ url: server.url, headers: { cookie: page.cookie }, connections: settings.connections, durationSeconds: settings.durationSeconds });
  } finally {
    await server.stop();
  }
}
