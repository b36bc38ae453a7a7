// Why: one autocannon wrapper so Guildhall and the static baseline are loaded
// with identical settings, and so every run is checked for non-200 answers and
// connection errors instead of silently averaging them in.
import autocannon from "autocannon";

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Completed responses. */
  responses: number;
  statusCounts: Record<string, number>;
  /** Responses whose status was not 200. */
  non200: number;
  /** Connection errors, including timeouts. */
  errors: number;
  timeouts: number;
};

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 10,
  });
  return loadResultOf(result);
}

/** A handful of sequential then concurrent loads so caches and JIT are warm. */
export async function warmUp(url: string, headers: Record<string, string>, concurrency: number): Promise<void> {
  const load = async () => {
    const response = await fetch(url, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`warm-up: ${url} answered ${response.status}`);
  };
  for (let i = 0; i < 3; i++) await load();
  for (let round = 0; round < 2; round++) await Promise.all(Array.from({ length: concurrency }, load));
}

/** "all 200", or "3100× 200, 2× 500". */
export function statusSummary(result: Pick<LoadResult, "statusCounts">): string {
  const entries = Object.entries(result.statusCounts);
  if (entries.length === 1 && entries[0]![0] === "200") return "all 200";
  return entries.map(([status, count]) => `${count}× ${status}`).join(", ") || "none";
}

/** Why a load run cannot be trusted (no answers, non-200 answers, connection errors); empty when it can. */
export function loadProblems(name: string, result: LoadResult): string[] {
  const problems: string[] = [];
  if (result.responses === 0) problems.push(`${name}: no responses at all`);
  if (result.non200 > 0) problems.push(`${name}: ${result.non200} responses were not 200 (${statusSummary(result)})`);
  if (result.errors > 0) problems.push(`${name}: ${result.errors} connection errors (${result.timeouts} timeouts)`);
  return problems;
}

/** What the tables print of one autocannon run: throughput, latency, and every status counted. */
export function loadResultOf(result: autocannon.Result): LoadResult {
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
