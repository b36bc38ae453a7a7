import type { ServerResponse } from "node:http";

// A JSON answer from a provider's fake. Kept apart from server.ts, which imports every fake:
// a fake importing server.ts would close an import cycle.

export function reply(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  return true;
}
