// How a buyer of the rank card comes back (spec 2): to the page they bought it from, with the
// card's dialog open and the outcome in the address, which the dialog settles. Pure and
// client-safe: the server builds the address, the dialog reads it.

/** The query parameter of the return address: the provider's checkout reference, or PURCHASE_CANCELLED. */
export const PURCHASE_PARAM = "purchase";
export const PURCHASE_CANCELLED = "cancelled";

/** The fragment that opens the rank card's dialog on any page that has one. */
export const RANK_CARD_HASH = "#rank-card";

/** The absolute return address on `appUrl` for `outcome` (a reference, or a provider's placeholder such as `{CHECKOUT_SESSION_ID}`, kept as written). */
export function rankCardReturnUrl(appUrl: string, path: string, outcome: string): string {
  return `${appUrl}${path}?${PURCHASE_PARAM}=${outcome}${RANK_CARD_HASH}`;
}
