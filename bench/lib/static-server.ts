// Why: the baseline is "the same bytes from a plain node:http server". It runs
// in its own process, like Guildhall does, so it does not share an event loop
// with the autocannon client (which would understate the baseline).
// Child entry: receives { body (base64), contentType } over IPC, answers { port }.
import http from "node:http";
import type { AddressInfo } from "node:net";

type Setup = { body: string; contentType: string };

process.once("message", (message: Setup) => {
  const body = Buffer.from(message.body, "base64");
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": message.contentType, "content-length": body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, () => process.send?.({ port: (server.address() as AddressInfo).port }));
});

// The parent went away: do not linger.
process.once("disconnect", () => process.exit(0));
