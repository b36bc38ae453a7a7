// Tests only: calls a route handler with a multipart (or any binary) body, the way a
// browser on APP_URL would: cookies, XSRF header, same-origin Origin, Content-Length.
import { NextRequest } from "next/server";
import { APP_ORIGIN, CookieJar } from "./route-client";

type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

type BinaryOptions = {
  jar?: CookieJar;
  params?: Record<string, string | string[]>;
  method?: string;
  headers?: Record<string, string>;
  /** "declared" (default) sends the real length; "omitted" streams the body without one; a number sends that value. */
  contentLength?: "declared" | "omitted" | number;
};

/** A FormData encoded as a browser would send it. */
export async function encodeForm(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

/** A form with one file field (and optional text fields). */
export function imageForm(bytes: Uint8Array, options: { name?: string; type?: string; field?: string; extra?: Record<string, string> } = {}): FormData {
  const form = new FormData();
  form.set(options.field ?? "image", new File([new Uint8Array(bytes)], options.name ?? "image.png", { type: options.type ?? "image/png" }));
  for (const [key, value] of Object.entries(options.extra ?? {})) form.append(key, value);
  return form;
}

export async function callForm(handler: RouteHandler, path: string, form: FormData, options: BinaryOptions = {}): Promise<Response> {
  const { body, contentType } = await encodeForm(form);
  return callBinary(handler, path, body, contentType, options);
}

/** A body that makes itself up as it is read (`total` bytes of `fill` after `head`), counting what was pulled. */
export function countingStream(total: number, head: Uint8Array = new Uint8Array(0), fill = 0x61): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close();
        const chunk = new Uint8Array(Math.min(65536, total - sent)).fill(fill);
        if (sent === 0) chunk.set(head.subarray(0, chunk.length));
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => sent };
}

export async function callBinary(handler: RouteHandler, path: string, body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, contentType: string, options: BinaryOptions = {}): Promise<Response> {
  const jar = options.jar ?? new CookieJar();
  const method = options.method ?? "POST";
  if (!jar.cookies.has("XSRF-TOKEN")) jar.cookies.set("XSRF-TOKEN", "test-xsrf-token-0123456789");
  const headers = new Headers(options.headers);
  headers.set("cookie", jar.header());
  headers.set("x-xsrf-token", jar.cookies.get("XSRF-TOKEN") ?? "");
  headers.set("origin", APP_ORIGIN);
  headers.set("content-type", contentType);
  const length = options.contentLength ?? "declared";
  if (length !== "omitted" && !(length === "declared" && body instanceof ReadableStream)) {
    headers.set("content-length", String(length === "declared" ? (body as Uint8Array).byteLength : length));
  }
  // Without a length the body arrives as a stream of 64 KB chunks, as over the network.
  const payload =
    body instanceof ReadableStream
      ? body
      : length === "omitted"
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            for (let offset = 0; offset < body.byteLength; offset += 65536) controller.enqueue(body.subarray(offset, offset + 65536));
            controller.close();
          },
        })
      : body;
  const init = { method, headers, body: payload, duplex: "half" } as RequestInit & { duplex: "half" };
  const request = new NextRequest(new URL(path, APP_ORIGIN), init as ConstructorParameters<typeof NextRequest>[1]);
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  jar.store(response);
  return response;
}
