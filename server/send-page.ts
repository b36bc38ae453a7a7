// How the production server sends every answer: compressed as the client accepts (Next's own
// compression is off, next.config.ts: it would compress before the next step), and each HTML
// page with its Content-Security-Policy, a fresh nonce written where Next drew the page with
// the drawing nonce (lib/http/csp.ts). Every HTML answer gets it, Next's or a kept public page's:
// the drawing nonce never leaves the server.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import compression from "compression";
import { contentSecurityPolicy, drawingNonce, randomNonce } from "../lib/http/csp";
import { nonceWriter, type NonceWriter } from "./nonce-writer";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const compress = compression();

/** Sends what `handler` answers through compression and the nonce writer. */
export function sendPage(req: IncomingMessage, res: ServerResponse, handler: Handler): void {
  // compression() takes Express's types; it uses only Node's request and response.
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
    writeNonces(res);
    handler(req, res);
  });
}

/** Patches `res` so that an HTML answer gets its policy and its body passes through a nonce writer on its way to compression. */
function writeNonces(res: ServerResponse): void {
  let writer: NonceWriter | null | undefined;
  /** Decided once, while the headers can still change: at writeHead, or at the first write without one. */
  const writerFor = (): NonceWriter | null => {
    if (writer !== undefined) return writer;
    if (res.headersSent || !String(res.getHeader("content-type") ?? "").startsWith("text/html")) return (writer = null);
    const nonce = randomNonce();
    res.setHeader("content-security-policy", contentSecurityPolicy(nonce));
    writer = nonceWriter(drawingNonce(), nonce);
    return writer;
  };

  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // Headers handed to writeHead are set first, so that the answer's type is known and its policy can be added.
    const headers = rest.find((arg) => typeof arg === "object" && arg !== null) as OutgoingHttpHeaders | unknown[] | undefined;
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
    else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    writerFor();
    return writeHead(status, ...rest.filter((arg) => typeof arg === "string"));
  }) as ServerResponse["writeHead"];

  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const through = writerFor();
    if (!through || !isBody(chunk)) return write(chunk, ...rest);
    return write(through.push(asBuffer(chunk, rest[0])), ...rest.filter((arg) => typeof arg === "function"));
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const through = writerFor();
    if (!through) return end(chunk, ...rest);
    const callback = [chunk, ...rest].find((arg) => typeof arg === "function");
    const last = isBody(chunk) ? through.push(asBuffer(chunk, rest[0])) : Buffer.alloc(0);
    const held = through.flush();
    return end(held.length > 0 ? Buffer.concat([last, held]) : last, callback);
  }) as ServerResponse["end"];
}

function isBody(chunk: unknown): chunk is string | Uint8Array {
  return typeof chunk === "string" || chunk instanceof Uint8Array;
}

function asBuffer(chunk: string | Uint8Array, encoding: unknown): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
