// Why: "first-load JS" is what a signed-in visitor downloads before the page is
// interactive. Only a real browser knows which chunks the page pulls in, so this
// opens the page in Chromium and sums the compressed sizes of script responses.
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export type ScriptSize = {
  url: string;
  /** Transferred body bytes, or our own gzip size when the server sent it uncompressed. */
  gzipBytes: number;
  headerBytes: number;
  encoding: string;
  /** True when the server did not compress it and gzipBytes is our estimate. */
  gzippedByUs: boolean;
  /** Named in the HTML document; false for chunks fetched later (e.g. by link prefetching). */
  inDocument: boolean;
};

export type FirstLoadJs = { finalUrl: string; scripts: ScriptSize[]; gzipBytes: number; headerBytes: number };

export type FirstLoadOptions = {
  pageUrl: string;
  cookies: Array<{ name: string; value: string }>;
  executablePath?: string;
};

export async function measureFirstLoadJs({ pageUrl, cookies, executablePath }: FirstLoadOptions): Promise<FirstLoadJs> {
  const browser = await chromium.launch({ executablePath: executablePath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const { hostname } = new URL(pageUrl);
    await context.addCookies(cookies.map(({ name, value }) => ({ name, value, domain: hostname, path: "/", sameSite: "Lax" as const })));
    const page = await context.newPage();
    const scriptResponses: Response[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scriptResponses.push(response);
    });
    const main = await page.goto(pageUrl, { waitUntil: "networkidle" });
    if (!main || main.status() !== 200) throw new Error(`first-load JS: ${pageUrl} answered ${main?.status() ?? "nothing"}`);
    const finalUrl = page.url();
    const html = await main.text();
    if (finalUrl !== pageUrl) throw new Error(`first-load JS: the browser ended on ${finalUrl}, not ${pageUrl} (signed out?)`);

    const scripts: ScriptSize[] = [];
    for (const response of scriptResponses) {
      const sizes = await response.request().sizes();
      const encoding = (await response.headerValue("content-encoding")) ?? "identity";
      const compressed = encoding !== "identity";
      const gzipBytes = compressed ? sizes.responseBodySize : gzipSync(await response.body()).length;
      const { pathname } = new URL(response.url());
      const inDocument = html.includes(pathname) || html.includes(decodeURI(pathname));
      scripts.push({ url: response.url(), gzipBytes, headerBytes: sizes.responseHeadersSize, encoding, gzippedByUs: !compressed, inDocument });
    }
    await context.close();
    return {
      finalUrl,
      scripts,
      gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      headerBytes: scripts.reduce((sum, s) => sum + s.headerBytes, 0),
    };
  } finally {
    await browser.close();
  }
}

export type FirstLoadSplit = { frameworkBytes: number; oursBytes: number; laterBytes: number };

/**
 * First-load JS is what the HTML names (the browser needs it to make the page interactive),
 * split into the framework's chunks (framework-chunks.ts) and ours; chunks fetched afterwards
 * (the flag client once the browser is idle, a dialog opened from the URL) count as later.
 */
export function splitFirstLoad(js: FirstLoadJs, framework: ReadonlySet<string>): FirstLoadSplit {
  const sum = (scripts: ScriptSize[]) => scripts.reduce((total, script) => total + script.gzipBytes, 0);
  const named = js.scripts.filter((script) => script.inDocument);
  const isFramework = (script: ScriptSize) => framework.has(new URL(script.url).pathname);
  return {
    frameworkBytes: sum(named.filter(isFramework)),
    oursBytes: sum(named.filter((script) => !isFramework(script))),
    laterBytes: sum(js.scripts.filter((script) => !script.inDocument)),
  };
}
