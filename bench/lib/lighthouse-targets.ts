// Why: the performance issue sets Lighthouse targets per page; each becomes one
// PASS/FAIL line (as in targets.ts), and a run that did not measure the intended
// page (signed out, Lighthouse error) is a failed check, not a good score.
import type { LighthouseRun } from "./lighthouse-run";
import type { Check } from "./targets";

export type LighthouseTargets = { minPerformance: number; maxCls: number; minAccessibility: number };

/**
 * Every run must have measured the page itself; the targets are checked on the
 * median run (the run with the median performance score).
 */
export function checkLighthouse(label: string, path: string, runs: LighthouseRun[], median: LighthouseRun, targets: LighthouseTargets): Check[] {
  const checks: Check[] = [];
  runs.forEach((run, i) => {
    const where = `${label}: run ${i + 1}`;
    if (run.runtimeError) checks.push({ pass: false, text: `${where}: Lighthouse error ${run.runtimeError}` });
    if (new URL(run.finalUrl).pathname !== path) checks.push({ pass: false, text: `${where} ended on ${run.finalUrl}, not ${path} (signed out?)` });
  });
  const show = (value: number | undefined, digits: number) => (value === undefined ? "not measured" : value.toFixed(digits));
  checks.push(
    { pass: (median.performance ?? -1) >= targets.minPerformance, text: `${label}: performance (median of ${runs.length}) ${show(median.performance, 0)} ≥ ${targets.minPerformance}` },
    { pass: median.cls !== undefined && median.cls <= targets.maxCls, text: `${label}: CLS ${show(median.cls, 3)} ≤ ${targets.maxCls}` },
    { pass: (median.accessibility ?? -1) >= targets.minAccessibility, text: `${label}: accessibility ${show(median.accessibility, 0)} ≥ ${targets.minAccessibility}` },
  );
  return checks;
}

/** The run with the median performance score (runs without a score count as lowest). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
