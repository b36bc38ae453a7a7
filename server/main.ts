// The production HTTP server: Next's request handler, in this process, behind the kept
// answers of the public pages (server/public-pages.ts) and of the cached dashboard pages
// (server/kept-pages.ts). `npm start` runs it (scripts/start.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { getEnv } from "../lib/env";
import { LANGUAGES, LOCALES } from "../lib/i18n/locales";
import { redirectToCanonicalHost } from "./canonical-host";
import { KeptPages } from "./kept-pages";
import { answerPublicPage, capturePublicPages } from "./public-pages";

/**
 * The pages every visitor gets byte for byte until the next build: landing and legal pages in
 * each language. The premium page is left to Next: its prices are drawn again every few minutes.
 */
const PUBLIC_PATHS = LOCALES.flatMap((locale) => {
  const { privacyPath, termsPath } = LANGUAGES[locale];
  return [`/${locale}`, `/${locale}/legal/privacy`, `/${locale}/legal/terms`, privacyPath, termsPath];
});

async function main() {
  const env = getEnv();
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
  // already get the kept pages and the asking does not queue behind their requests.
  const pages = await withPrivateServer(handleByNext, async (port) => {
    const captured = await capturePublicPages(port, new URL(env.APP_URL).host, PUBLIC_PATHS);
    if (captured.skipped.length > 0) console.warn(`Served by Next on every request (not the same for everyone): ${captured.skipped.join(", ")}`);
    return captured.pages;
  });

  const kept = new KeptPages(new URL(env.APP_URL).origin);
  const server = http.createServer((req, res) => {
    if (redirectToCanonicalHost(req, res)) return;
    if (answerPublicPage(pages, req, res)) return;
    if (kept.accepts(req)) void kept.serve(req, res, handleByNext);
    else handleByNext(req, res);
  });
  await new Promise<void>((resolve) => server.listen(env.PORT, resolve));
  console.log(`Ready on ${env.APP_URL} (${pages.answers.size} public pages kept in memory).`);

  const stop = () => {
    server.close();
    void app.close().finally(() => process.exit(0));
    // Open keep-alive connections would hold close() forever.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
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
