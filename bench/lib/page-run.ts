// Why: every page kind is measured the same way, so their figures sit side by
// side in one table: warm up, fetch the exact bytes, load the page with autocannon
// while counting upstream platform calls, then load a node:http server returning
// those same bytes with the same settings.
import { fetchRaw, startStaticServer } from "./baseline";
import { onCleanup } from "./cleanup";
import { wrongPage } from "./html";
import { loadProblems, runLoad, warmUp, type LoadResult } from "./load";
import { loggedErrors, type RunningServer } from "./server";
import { callDelta, upstreamCalls, type CallStats } from "./upstream";

export type LoadSettings = { connections: number; durationSeconds: number };

export type PageRun = {
  path: string;
  htmlBytes: number;
  guildhall: LoadResult;
  baseline: LoadResult;
  /** Guildhall req/s ÷ baseline req/s. */
  ratio: number;
  /** Upstream platform calls made while Guildhall was loaded. */
  calls: CallStats;
  serverErrors: { count: number; first?: string };
  /** Reasons the figures cannot be trusted: wrong page, non-200 answers, connection errors. */
  problems: string[];
};

export type PageToRun = {
  path: string;
  /** The page's <title>, which tells it apart from e.g. the "unavailable" page (also a 200). */
  title: string;
  /** Request headers (the session cookie for signed-in pages). */
  headers: Record<string, string>;
};

export async function runPage(server: RunningServer, page: PageToRun, settings: LoadSettings): Promise<PageRun> {
  const url = `${server.appUrl}${page.path}`;
  await warmUp(url, page.headers, settings.connections);
  const first = await fetchRaw(url, page.headers);
  const problems: string[] = [];
  const wrong = wrongPage(page.path, first.status, first.body.toString("utf8"), page.title);
  if (wrong) problems.push(wrong);
  const contentType = String(first.headers["content-type"] ?? "text/html; charset=utf-8");

  const logStart = server.logOffset();
  const before = await upstreamCalls(server.emulatorUrl);
  const guildhall = await runLoad({ url, headers: page.headers, ...settings });
  const calls = callDelta(before, await upstreamCalls(server.emulatorUrl));
  const serverErrors = loggedErrors(server.logSince(logStart));
  problems.push(...loadProblems(`${page.path} (Guildhall)`, guildhall));

  const baselineServer = await startStaticServer(first.body, contentType);
  onCleanup(baselineServer.stop);
  let baseline: LoadResult;
  try {
    baseline = await runLoad({ url: baselineServer.url, headers: page.headers, ...settings });
  } finally {
    await baselineServer.stop();
  }
  problems.push(...loadProblems(`${page.path} (node:http baseline)`, baseline));

  const ratio = baseline.requestsPerSecond > 0 ? guildhall.requestsPerSecond / baseline.requestsPerSecond : 0;
  return { path: page.path, htmlBytes: first.body.length, guildhall, baseline, ratio, calls, serverErrors, problems };
}
