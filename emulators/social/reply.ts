import type { ServerResponse } from "node:http";

// The JSON answers of the social fake: its server's control API and every provider's fake.
// Apart from server.ts because server.ts imports every fake: a fake importing it back would
// close an import cycle.

export function replyJson(res: ServerResponse, status: number, body: unknown): true {
  if (status === 204 || body === null) {
    res.writeHead(status).end();
    return true;
  }
  return replyJsonText(res, status, JSON.stringify(body));
}

/** JSON already written out: what JSON.stringify cannot give, such as int64 ids as bare numbers. */
export function replyJsonText(res: ServerResponse, status: number, text: string): true {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(text);
  return true;
}

/** A body cut short: what tests of unreadable answers need. */
export function replyGarbled(res: ServerResponse): true {
  return replyJsonText(res, 200, '{"data": {"id": ');
}

/** A plain-text answer: what hosts send for refusals outside their JSON (YouTube oEmbed's "Not Found"). */
export function replyText(res: ServerResponse, status: number, text: string): true {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(text);
  return true;
}
