// A small local load balancer for several instances (`npm start -- --instances N`): each
// request goes to the next instance in turn, as a cloud load balancer would send it, with the
// Host header kept (the app redirects any other host to APP_URL) and the client's address
// appended to X-Forwarded-For (the instances run with TRUST_PROXY=1). Streams both ways, so
// server-sent events and uploads pass through. An instance that refuses the connection is
// skipped for this request; none answering is a 502.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = { url: string; close(): Promise<void> };

export async function startRoundRobinProxy(options: { port: number; host?: string; targets: readonly number[] }): Promise<RoundRobinProxy> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, attempt: number) => {
    const port = options.targets[next++ % options.targets.length]!;
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": forwardedFor }, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      // Nothing of the body was sent yet only when the connection was refused: try the next one.
      if (error.code === "ECONNREFUSED" && attempt < options.targets.length && !req.readableDidRead) return forward(req, res, attempt + 1);
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      res.end("No instance answered.");
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  };

  const server = http.createServer((req, res) => forward(req, res, 1));
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? "0.0.0.0", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
