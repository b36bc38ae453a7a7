// Tests only: serves one route handler over real HTTP the way `next start` hands it a
// request when middleware.ts matches the path: Next's own body copy (getCloneableBody,
// at the size next.config.ts sets) runs first, the middleware's copy is left unread as
// ours leaves it, and the route gets the IncomingMessage as its body once the copy is done.
// The production server itself is covered by e2e/body-limits.spec.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getCloneableBody } from "next/dist/server/body-streams";
import { NextRequest } from "next/server";
import { PROXY_BODY_COPY_BYTES } from "@/lib/http/body-limits";
import { APP_ORIGIN } from "./route-client";

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type BodyCopyServer = { url: string; close: () => Promise<void> };

export async function serveThroughNextBodyCopy(handler: RouteHandler, params: Record<string, string | string[]>): Promise<BodyCopyServer> {
  const server = http.createServer(async (req, res) => {
    const body = getCloneableBody(req, PROXY_BODY_COPY_BYTES);
    body.cloneBodyStream();
    // As Next does after running middleware: wait for the whole upload, then swap in the copy.
    await body.finalize();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const init = { method: req.method, headers, body: req as unknown as ReadableStream, duplex: "half" } as RequestInit & { duplex: "half" };
    const request = new NextRequest(new URL(req.url ?? "/", APP_ORIGIN), init as ConstructorParameters<typeof NextRequest>[1]);
    const response = await handler(request, { params: Promise.resolve(params) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export type RawAnswer = { status: number; contentType: string | undefined; body: string };

/** Sends `size` bytes (`head`, then spaces) in 64 KB writes, with a Content-Length or chunked. */
export function sendRaw(url: string, options: { method: string; headers: Record<string, string>; head: string; size: number; chunked: boolean }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.chunked ? {} : { "content-length": String(options.size) }) };
    const req = http.request(url, { method: options.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    const filler = Buffer.alloc(65536, 0x20);
    const head = Buffer.from(options.head);
    let sent = 0;
    const write = () => {
      while (sent < options.size) {
        const chunk = sent === 0 ? Buffer.concat([head, filler]).subarray(0, Math.min(65536, options.size)) : filler.subarray(0, Math.min(65536, options.size - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}
