// Why: the performance issue sets targets per page kind; each becomes one
// PASS/FAIL line, so a run shows exactly which figure misses which target.
import type { ColdLoadResult } from "./cold-loads";
import type { PageRun } from "./page-run";

export type PageTargets = {
  /** Guildhall req/s ÷ node:http req/s serving the same bytes. */
  minRatio?: number;
  maxP99Ms?: number;
  maxHtmlKb?: number;
  /** Our scripts the page's HTML names, gzip, beyond the framework's own chunks. */
  maxOurFirstLoadJsKb?: number;
  /** Upstream platform calls during the load run (caches are warm by then). */
  maxPlatformCalls?: number;
};

export type Check = { pass: boolean; text: string };

export const kb = (bytes: number) => bytes / 1024;

/** One check per target the page has, plus a failed check per reason its run cannot be trusted. */
export function checkPage(label: string, run: PageRun, ourFirstLoadJsBytes: number | undefined, targets: PageTargets): Check[] {
  const checks: Check[] = run.problems.map((problem) => ({ pass: false, text: `${label}: ${problem}` }));
  const atLeast = (what: string, value: number, min: number, digits: number) =>
    checks.push({ pass: value >= min, text: `${label}: ${what} ${value.toFixed(digits)} ≥ ${min}` });
  const atMost = (what: string, value: number | undefined, max: number, digits: number, unit: string) =>
    checks.push({ pass: value !== undefined && value <= max, text: `${label}: ${what} ${value === undefined ? "not measured" : `${value.toFixed(digits)}${unit}`} ≤ ${max}${unit}` });

  if (targets.minRatio !== undefined) atLeast("ratio to node:http", run.ratio, targets.minRatio, 3);
  if (targets.maxP99Ms !== undefined) atMost("p99", run.guildhall.p99Ms, targets.maxP99Ms, 0, " ms");
  if (targets.maxHtmlKb !== undefined) atMost("HTML", kb(run.htmlBytes), targets.maxHtmlKb, 1, " KB");
  if (targets.maxOurFirstLoadJsKb !== undefined) atMost("our first-load JS beyond the framework's (gzip)", ourFirstLoadJsBytes === undefined ? undefined : kb(ourFirstLoadJsBytes), targets.maxOurFirstLoadJsKb, 1, " KB");
  if (targets.maxPlatformCalls !== undefined) atMost("platform calls during the warm run", run.calls.total, targets.maxPlatformCalls, 0, "");
  return checks;
}

/**
 * At most maxPerResource upstream calls per thing read from the platform (a path, with the bot's
 * or one user's token) for the concurrent cold loads, and every answer the right page.
 */
export function checkColdLoads(cold: ColdLoadResult, maxPerResource: number): Check[] {
  const label = `${cold.concurrency} concurrent cold loads of ${cold.path}`;
  const checks: Check[] = cold.wrong.length > 0 ? [{ pass: false, text: `${label}: ${cold.wrong.length} answers were not the page (first: ${cold.wrong[0]})` }] : [];
  const resources = Object.entries(cold.calls.byResource);
  if (resources.length === 0) checks.push({ pass: false, text: `${label}: no upstream platform call at all (the guild was not cold?)` });
  for (const [resource, count] of resources) checks.push({ pass: count <= maxPerResource, text: `${label}: ${resource} called ${count}× ≤ ${maxPerResource}` });
  return checks;
}

/** Prints PASS/FAIL per check and the overall result; the exit code: 0 when every check passed, else 1. */
export function reportChecks(checks: Check[], startedAt: number): number {
  console.log("\nTargets:");
  for (const check of checks) console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.text}`);
  const failed = checks.filter((check) => !check.pass).length;
  console.log(`\nResult: ${failed === 0 ? "PASS" : `FAIL (${failed} of ${checks.length} checks)`}; took ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  return failed === 0 ? 0 : 1;
}
