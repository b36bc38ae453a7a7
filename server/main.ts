// The production HTTP server: Next's request handler, in this process, behind the kept public
// pages (server/public-pages.ts) and the kept copies of the cached dashboard pages
// (server/kept-pages.ts); every answer leaves through server/send-page.ts (compression, this
// response's script nonce). The page cache is Next's (next.config.ts, server/page-cache-handler.ts),
// kept in Redis when REDIS_URL is set. `npm start` runs it (scripts/start.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { getEnv } from "../lib/env";
import { LANGUAGES, LOCALES } from "../lib/i18n/locales";
import { pageCacheStoreFor } from "../lib/page-cache/connect";
import { pageCacheStore, setPageCacheStore } from "../lib/page-cache/registry";
import { redirectToCanonicalHost } from "./canonical-host";
import { KeptPages } from "./kept-pages";
import { answerPublicPage, capturePublicPages } from "./public-pages";
import { sendPage } from "./send-page";

/**
 * The pages every visitor gets alike until the next build: landing and legal pages in each
 * language. The premium page is left to Next: its prices are drawn again every few minutes.
 */
const PUBLIC_PATHS = LOCALES.flatMap((locale) => {
  const { privacyPath, termsPath } = LANGUAGES[locale];
  return [`/${locale}`, `/${locale}/legal/privacy`, `/${locale}/legal/terms`, privacyPath, termsPath];
});

async function main() {
  const env = getEnv();
  // Before Next starts: its cache handler uses this store from its first request on.
  setPageCacheStore(pageCacheStoreFor(env.REDIS_URL));
  const app = next({ dev: false, dir: process.cwd(), port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const handleByNext = (req: http.IncomingMessage, res: http.ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      console.error("⨯ request failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end();
    });
  };

  // Asked on a private loopback port before the public one opens, so the first visitors
  // already get the kept pages and the asking does not queue behind their requests. Asked of
  // Next directly: the pages are kept as drawn, with the drawing nonce.
  const pages = await withPrivateServer(handleByNext, async (port) => {
    const captured = await capturePublicPages(port, new URL(env.APP_URL).host, PUBLIC_PATHS);
    if (captured.skipped.length > 0) console.warn(`Served by Next on every request (not the same for everyone): ${captured.skipped.join(", ")}`);
    return captured.pages;
  });

  const kept = new KeptPages(new URL(env.APP_URL).origin, pageCacheStore);
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (answerPublicPage(pages, req, res)) return;
    if (!kept.accepts(req)) return handleByNext(req, res);
    kept.serve(req, res, handleByNext).catch((error: unknown) => {
      console.error("⨯ kept page failed", error);
      if (!res.headersSent) handleByNext(req, res);
    });
  };
  const server = http.createServer((req, res) => {
    if (redirectToCanonicalHost(req, res)) return;
    sendPage(req, res, answer);
  });
  await new Promise<void>((resolve) => server.listen(env.PORT, resolve));
  console.log(`Ready on ${env.APP_URL} (${pages.answers.size} public pages kept in memory).`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void app.close().finally(() => process.exit(0));
    // Open keep-alive connections would hold close() forever.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  // Not once: `npm start` passes on the signal its process group already got, and a second one
  // must not end the process before it has closed (and written its CPU profile, when asked to).
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function withPrivateServer<T>(listener: http.RequestListener, work: (port: number) => Promise<T>): Promise<T> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await work((server.address() as AddressInfo).port);
  } finally {
    server.close();
    server.closeAllConnections();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
