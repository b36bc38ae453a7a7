import { LOCALES } from "@/lib/i18n/locales";
import { inputText } from "@/lib/validation/text";

// Where a buyer comes back to after paying for a one-off product: the page they bought it from,
// as the browser sends it (`return_path`). It becomes the payment provider's return address, so
// only one of our own pages passes: a path under a language (`/en`, `/fr/dashboard/…/levels`),
// its segments plain letters, digits, `-` and `_`. No scheme, host, `//`, backslash, dot
// segment, escape, query or fragment can get through, so the provider can never be made to
// send a buyer elsewhere (an open redirect). Our pages need nothing more. Pure.

const RETURN_PATH = new RegExp(`^/(?:${LOCALES.join("|")})(?:/[A-Za-z0-9_-]+)*$`);

export const returnPath = inputText().max(300).regex(RETURN_PATH);
