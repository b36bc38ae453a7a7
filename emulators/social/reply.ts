import type { ServerResponse } from "node:http";

// Answers of the posting providers' fakes (Reddit, X, TikTok, Instagram). Their own helper, not
// server.ts's: server.ts imports every fake, so a fake importing it back would be a cycle.

export function replyJson(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  return true;
}

/** A body cut short: what tests of unreadable answers need. */
export function replyGarbled(res: ServerResponse): true {
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end('{"data": {"id": ');
  return true;
}
