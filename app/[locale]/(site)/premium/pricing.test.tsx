/** @jest-environment node */
// The premium page's prices as a visitor and a crawler get them: read from the billing
// provider's catalogue (the Chargebee fake), in the page's number format, in the server HTML,
// with the chooser offering each plan, and the custom bot add-on with the plans that do not include it.
import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "@/lib/i18n/locales";
import { startChargebeeHarness, type ChargebeeHarness } from "@/test/chargebee-harness";
import { shopPlans } from "@/lib/billing/shop";
import PremiumPage from "./page";
import { customBotAddon } from "./pricing";

jest.mock("next-intl/server", () => ({
  setRequestLocale: () => undefined,
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => {
    const { createTranslator } = jest.requireActual<typeof import("next-intl")>("next-intl");
    const ui = jest.requireActual<Record<string, unknown>>(`@/messages/${locale}.json`);
    const plugins = jest.requireActual<Record<string, unknown>>(`@/messages/plugins/${locale}.json`);
    return createTranslator({ locale, messages: { ...ui, plugins }, namespace } as never);
  },
}));

let harness: ChargebeeHarness;
beforeAll(async () => {
  harness = await startChargebeeHarness();
});
afterAll(() => harness.stop());

const html = async (locale: Locale) => renderToStaticMarkup(await PremiumPage({ params: Promise.resolve({ locale }) }));
/** The price table's rows as text cells, tags dropped, no-break spaces (French puts one before the currency) as spaces. */
function priceRows(markup: string): string[][] {
  const table = /<table[^>]*data-testid="premium-prices"[^>]*>([\s\S]*?)<\/table>/.exec(markup)?.[1] ?? "";
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").replace(/[\u00a0\u202f]/g, " ")));
}

it("shows each plan's monthly and yearly price from the provider, in the page's format", async () => {
  expect(priceRows(await html("en"))).toEqual([
    ["Plan", "Monthly", "Yearly"],
    ["Premium", "$11.99", "$89.99"],
    ["Pro", "$24.99", "$199.99"],
    ["Premium + Pro bundle", "$29.99", "$239.99"],
  ]);
  const french = priceRows(await html("fr"));
  expect(french[1]).toEqual(["Premium", "11,99 $US", "89,99 $US"]);
  expect(priceRows(await html("tw"))[1]).toEqual(["Premium", "US$11.99", "US$89.99"]);
});

it("renders the chooser with every plan, both periods, the custom bot add-on with Premium and a sign-in for visitors", async () => {
  const markup = await html("en");
  for (const plan of ["premium", "pro", "bundle"]) expect(markup).toContain(`value="${plan}"`);
  // Web3 unlocks nothing built yet (lib/billing/entitlements.ts): it is not sold, so neither priced nor offered.
  expect(markup).not.toContain(`value="web3"`);
  expect(markup).not.toContain("Web3");
  expect(markup).toContain("Monthly");
  expect(markup).toContain("Add the custom bot ($4.99 / month): your own bot, with its name, avatar and status");
  expect(markup).toContain(`href="/api/login?locale=en&amp;redirect=%2Fen%2Fpremium"`);
  expect(markup).toContain("Total: $11.99 / month");
});

it("offers the custom bot add-on only with plans that do not include the custom bot (Pro and the bundle do)", async () => {
  const offers = (await shopPlans())!;
  const addon = Object.fromEntries(offers.map((offer) => [offer.plan, customBotAddon(offer)]));
  expect(addon).toEqual({ premium: { 1: { amount: 499, currency: "USD" }, 12: { amount: 3999, currency: "USD" } }, pro: null, bundle: null });
});
