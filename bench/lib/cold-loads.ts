// Why: with nothing cached, many visitors opening the same guild page at once must
// share the platform reads (the cache's singleflight), not each ask the platform.
// Fires N loads of a page at the same moment and counts upstream calls per route.
import { wrongPage } from "./html";
import { sleep } from "./server";
import { callDelta, upstreamCalls, type CallStats } from "./upstream";

export type ColdLoadOptions = {
  appUrl: string;
  emulatorUrl: string;
  path: string;
  title: string;
  headers: Record<string, string>;
  concurrency: number;
};

export type ColdLoadResult = {
  path: string;
  concurrency: number;
  /** Wall time until the last of the loads had answered. */
  ms: number;
  /** Answers that were not the expected page with a 200 ("3× 500", wrong title…). */
  wrong: string[];
  calls: CallStats;
};

/** Calls that answer after the pages did (background reloads) still count: wait this long before counting. */
const SETTLE_MS = 500;

export async function coldLoads(options: ColdLoadOptions): Promise<ColdLoadResult> {
  const url = `${options.appUrl}${options.path}`;
  const before = await upstreamCalls(options.emulatorUrl);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      const response = await fetch(url, { headers: options.headers, redirect: "manual" });
      return { status: response.status, html: await response.text() };
    }),
  );
  const ms = performance.now() - started;
  await sleep(SETTLE_MS);
  const calls = callDelta(before, await upstreamCalls(options.emulatorUrl));
  const wrong = answers.flatMap(({ status, html }) => wrongPage(options.path, status, html, options.title) ?? []);
  return { path: options.path, concurrency: options.concurrency, ms, wrong, calls };
}
