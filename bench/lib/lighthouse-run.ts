// Why: one Lighthouse run is one fresh Chromium (Debian's, offline) opening one page
// with Lighthouse's default mobile settings (simulated slow 4G and 4× CPU slowdown).
// This file runs it, keeps the JSON report and reduces the result to the figures
// the performance issue names, plus what a developer needs to fix a failed audit.
import { writeFileSync } from "node:fs";
import { launch } from "chrome-launcher";
import type { Result } from "lighthouse";
import { onCleanup } from "./cleanup";

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Despite the flags above, Chromium 156 still asks accounts.google.com (ListAccounts),
  // update.googleapis.com (update check) and clients2.google.com (network time) at start-up
  // (seen in its net log). Every host name but this machine's resolves to "not found", so
  // nothing leaves the machine even where there is internet.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];
const CATEGORIES = ["performance", "accessibility"];
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type FailedAudit = {
  id: string;
  title: string;
  /** Elements the audit flags. */
  count: number;
  /** The first flagged element, to find it in the page. */
  selector?: string;
  snippet?: string;
};

export type LighthouseRun = {
  finalUrl: string;
  /** Category scores, 0–100; undefined when Lighthouse could not score the category. */
  performance?: number;
  accessibility?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  fcpMs?: number;
  failedA11yAudits: FailedAudit[];
  /** Requests the page made to anything but this machine (should be none: the run is offline). */
  externalRequests: string[];
  runtimeError?: string;
  warnings: string[];
  /** Lighthouse's CPU benchmark of this machine during the run (higher is faster). */
  benchmarkIndex: number;
  reportFile: string;
};

export type LighthouseOptions = {
  url: string;
  /** Extra request headers, e.g. { Cookie: "gh_session=…" } for signed-in pages. */
  headers: Record<string, string>;
  reportFile: string;
};

export async function runLighthouse({ url, headers, reportFile }: LighthouseOptions): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
  onCleanup(() => chrome.kill());
  try {
    // A dynamic import loads Lighthouse as the native ES module it is. A static import would be
    // compiled by tsx's require hook with esbuild's keepNames, which adds `__name(…)` calls to the
    // functions Lighthouse serializes into the page ("ReferenceError: __name is not defined").
    const { default: lighthouse } = await import("lighthouse");
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      formFactor: "mobile",
      throttlingMethod: "simulate",
      extraHeaders: headers,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    writeFileSync(reportFile, typeof result.report === "string" ? result.report : JSON.stringify(result.lhr, null, 2));
    return summarize(result.lhr, reportFile);
  } finally {
    chrome.kill();
  }
}

function summarize(lhr: Result, reportFile: string): LighthouseRun {
  const score = (category: string) => {
    const value = lhr.categories[category]?.score;
    return typeof value === "number" ? Math.round(value * 100) : undefined;
  };
  const metric = (id: string) => lhr.audits[id]?.numericValue;
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    fcpMs: metric("first-contentful-paint"),
    failedA11yAudits: failedAudits(lhr, "accessibility"),
    externalRequests: externalRequests(lhr),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    reportFile,
  };
}

/** Pass/fail audits of a category that failed, with the first element each one flags. */
function failedAudits(lhr: Result, category: string): FailedAudit[] {
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.scoreDisplayMode !== "binary" || audit.score === null || audit.score >= 1) return [];
    const items = audit.details?.type === "table" ? audit.details.items : [];
    const node = items[0]?.node;
    const first = node && typeof node === "object" && "type" in node && node.type === "node" ? node : undefined;
    return [{ id: audit.id, title: audit.title, count: items.length, selector: first?.selector, snippet: first?.snippet }];
  });
}

function externalRequests(lhr: Result): string[] {
  const details = lhr.audits["network-requests"]?.details;
  const urls = details?.type === "table" ? details.items.flatMap((item) => (typeof item.url === "string" ? [item.url] : [])) : [];
  return urls.filter((url) => {
    const { protocol, hostname } = new URL(url);
    return (protocol === "http:" || protocol === "https:") && !LOCAL_HOSTS.has(hostname);
  });
}
