import { inputText } from "@/lib/validation/text";
import { SESSION_ID_HEADER } from "./xsrf-names";

// The browser's session id (spec 4: a random number below 1e9, kept in local storage by the
// fetch wrapper, lib/http/client-fetch.ts; spec 7: sent as X-Session-ID on API calls). It only
// groups one browser's events for flags, analytics and error reports, so a missing or malformed
// one is ignored rather than refused: no call fails over it.

/** Digits as the browser writes them (String of an integer): no sign, exponent or leading zero. */
const sessionId = inputText()
  .regex(/^(0|[1-9]\d{0,8})$/)
  .transform(Number);

/** The caller's session id: an integer 0 ≤ n < 1e9, or undefined when absent or malformed. */
export function sessionIdOf(headers: Headers): number | undefined {
  const parsed = sessionId.safeParse(headers.get(SESSION_ID_HEADER));
  return parsed.success ? parsed.data : undefined;
}
