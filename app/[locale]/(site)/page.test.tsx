/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { LANDING_CLAIMS } from "@/lib/brand/claims";
import type { Locale } from "@/lib/i18n/locales";
import LandingPage, { generateMetadata } from "./page";

// The landing page names features only through lib/brand/claims.ts (whose test checks each one
// depends on something that works): each card and the Premium box list their claims.

jest.mock("next-intl/server", () => ({
  setRequestLocale: () => undefined,
  getTranslations: async ({ locale, namespace }: { locale: string; namespace?: string }) => {
    const { createTranslator } = jest.requireActual<typeof import("next-intl")>("next-intl");
    const ui = jest.requireActual<Record<string, unknown>>(`@/messages/${locale}.json`);
    return createTranslator({ locale, messages: ui, namespace } as never);
  },
}));

type Json = { [key: string]: string | Json };
const text = (locale: Locale, key: string) => key.split(".").reduce<Json | string>((node, part) => (node as Json)[part]!, jest.requireActual<Json>(`@/messages/${locale}.json`)) as string;

async function renderPage(locale: Locale) {
  return render(await LandingPage({ params: Promise.resolve({ locale }) }));
}

it.each(["en", "ar"] as const)("lists each category's claims and the premium claims, in %s", async (locale) => {
  await renderPage(locale);
  const cards = within(screen.getByRole("region", { name: text(locale, "landing.featuresTitle") })).getAllByRole("heading", { level: 3 });
  Object.values(LANDING_CLAIMS.categories).forEach((claims, index) => {
    const card = cards[index]!.closest("li")!;
    expect(within(card).getAllByRole("listitem").map((item) => item.textContent)).toEqual(claims.map((claim) => text(locale, claim.key)));
  });
  const premium = screen.getByRole("region", { name: text(locale, "landing.premiumTitle") });
  expect(within(premium).getAllByRole("listitem").map((item) => item.textContent)).toEqual(LANDING_CLAIMS.premium.map((claim) => text(locale, claim.key)));
  expect(screen.getByText(text(locale, LANDING_CLAIMS.subtitle.key))).toBeTruthy();
});

it("describes itself with its description claim", async () => {
  const metadata = await generateMetadata({ params: Promise.resolve({ locale: "de" }) });
  expect(metadata.description).toBe(text("de", LANDING_CLAIMS.description.key));
  expect(metadata.description).toMatch(/^Spamfilter/);
});
