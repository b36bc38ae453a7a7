import "server-only";
import { billingUnavailable, callChargebee } from "./client";

// The site's item prices, read for the shop: kept for a few minutes, loaded once however many
// visitors ask at the same time, and when Chargebee is down the last list read stands in (a
// price list is still right minutes later; nothing is charged from it: the hosted page charges
// Chargebee's own price). Nothing read yet and the provider down: 503 billing_unavailable.
// (lib/platform/cache.ts falls back only on platform errors, hence this small cache.)

export type CatalogueEntry = {
  id: string;
  itemId: string;
  itemType: "plan" | "addon" | "charge";
  /** In the currency's minor unit (cents). */
  amount: number;
  currency: string;
  /** 1 or 12 for a recurring price; null for a one-off charge. */
  periodMonths: number | null;
};

export const CATALOGUE_TTL_MS = 5 * 60_000;
const RETRY_DOWN_MS = 30_000;

type Item = { id: string; item_id: string; item_type: string; price?: number; currency_code: string; period?: number; period_unit?: string; status?: string };

let held: { entries: CatalogueEntry[]; fetchedAt: number } | undefined;
let inflight: Promise<CatalogueEntry[]> | undefined;
/** With nothing held, a failed read is answered again without asking until then (a build renders the page in every language). */
let failedUntil = 0;

function months(item: Item): number | null {
  if (!item.period || !item.period_unit) return null;
  return item.period_unit === "year" ? item.period * 12 : item.period_unit === "month" ? item.period : null;
}

async function load(): Promise<CatalogueEntry[]> {
  const entries: CatalogueEntry[] = [];
  let offset: string | undefined;
  do {
    const page = await callChargebee((cb) => cb.itemPrice.list({ limit: 100, ...(offset ? { offset } : {}), status: { is: "active" } }));
    for (const { item_price } of page.list as Array<{ item_price: Item }>) {
      if (item_price.price === undefined || !["plan", "addon", "charge"].includes(item_price.item_type)) continue;
      entries.push({ id: item_price.id, itemId: item_price.item_id, itemType: item_price.item_type as CatalogueEntry["itemType"], amount: item_price.price, currency: item_price.currency_code, periodMonths: months(item_price) });
    }
    offset = page.next_offset;
  } while (offset);
  return entries;
}

/** The active item prices, from the cache when fresh; `stale` when the provider failed and the last list stood in. */
export async function catalogue(now = Date.now()): Promise<{ entries: CatalogueEntry[]; stale: boolean }> {
  if (held && now - held.fetchedAt < CATALOGUE_TTL_MS) return { entries: held.entries, stale: false };
  if (!held && now < failedUntil) throw billingUnavailable();
  inflight ??= load().finally(() => (inflight = undefined));
  try {
    const entries = await inflight;
    held = { entries, fetchedAt: Date.now() };
    return { entries, stale: false };
  } catch (error) {
    if (!held) {
      failedUntil = Date.now() + RETRY_DOWN_MS;
      throw error;
    }
    // Asked again in 30 s, not on every visit while the provider is down.
    held.fetchedAt = Date.now() - CATALOGUE_TTL_MS + RETRY_DOWN_MS;
    return { entries: held.entries, stale: true };
  }
}

/** Tests only: forgets the held list, or makes it `ms` older. */
export function resetCatalogueForTests(ageMs?: number): void {
  failedUntil = 0;
  if (ageMs === undefined) held = undefined;
  else if (held) held.fetchedAt -= ageMs;
}
