import { randomUUID } from "node:crypto";

// The id an error report and its answer share: the proxy's X-Request-ID when it sent a sensible
// one, else one made here (and sent back on the answer, lib/http/route.ts).

export const REQUEST_ID_HEADER = "x-request-id";

const SENSIBLE = /^[\w.:-]{8,128}$/;
const made = new WeakMap<Headers, string>();

export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  if (given && SENSIBLE.test(given)) return given;
  let id = made.get(headers);
  if (!id) made.set(headers, (id = randomUUID()));
  return id;
}
