/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import sitemap from "@/app/sitemap";
import type { Locale } from "@/lib/i18n/locales";
import PremiumPage, { generateMetadata } from "./page";

// The premium page as a visitor and a crawler get it: a plain comparison drawn from the
// plugin definitions, real tables with headers, and its URL in every language (the prices from
// the billing provider: pricing.test.tsx).

jest.mock("next-intl/server", () => ({
  setRequestLocale: () => undefined,
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => {
    const { createTranslator } = jest.requireActual<typeof import("next-intl")>("next-intl");
    const ui = jest.requireActual<Record<string, unknown>>(`@/messages/${locale}.json`);
    const plugins = jest.requireActual<Record<string, unknown>>(`@/messages/plugins/${locale}.json`);
    return createTranslator({ locale, messages: { ...ui, plugins }, namespace } as never);
  },
}));

async function renderPage(locale: Locale) {
  return render(await PremiumPage({ params: Promise.resolve({ locale }) }));
}

/** Each body row of a table as [row header, free, premium]; every row is named by its header cell. */
function rowsOf(table: HTMLElement) {
  const rows = within(table).getAllByRole("row").slice(1);
  return rows.map((row) => [within(row).getByRole("rowheader"), ...within(row).getAllByRole("cell")].map((cell) => cell.textContent));
}

describe("premium page", () => {
  it("compares Free and Premium from the definitions, in tables with column and row headers", async () => {
    await renderPage("en");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("What Premium adds to a server");

    const plugins = within(screen.getByTestId("premium-plugins"));
    expect(plugins.getByRole("heading", { name: "Record" })).toBeTruthy();
    expect(plugins.getByRole("heading", { name: "Custom bot" })).toBeTruthy();
    expect(plugins.queryByRole("heading", { name: "Timers" })).toBeNull();

    const lists = screen.getByRole("table", { name: "Lists that hold more" });
    expect(within(lists).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["List", "Free", "Premium"]);
    expect(rowsOf(lists)).toContainEqual(["Timers", "2", "20"]);
    expect(rowsOf(lists)).toContainEqual(["Twitch · Streamers", "3", "100"]);

    const sizes = screen.getByRole("table", { name: "Settings that hold more" });
    expect(rowsOf(sizes)).toContainEqual(["Levels · Role rewards", "10", "100"]);

    const settings = screen.getByRole("table", { name: "Settings Premium unlocks" });
    expect(rowsOf(settings)).toContainEqual(["Music · Stay in voice 24/7", "Off", "On or off"]);
    expect(rowsOf(settings)).toContainEqual(["RSS · Check every (minutes)", "30", "5 to 1440"]);
  });

  it("without a billing provider to ask, says the prices cannot be loaded and names none", async () => {
    const { container } = await renderPage("en");
    expect(screen.getByTestId("premium-checkout").textContent).toMatch(/secure page/);
    expect(screen.getByTestId("premium-prices").textContent).toBe("Prices cannot be loaded right now. Please try again in a few minutes.");
    expect(container.textContent).toMatch(/one server at a time/);
    expect(container.textContent).not.toMatch(/[$€£]|\/\s?month/i);
  });

  it("speaks the page's language, Arabic included", async () => {
    await renderPage("ar");
    const lists = screen.getByRole("table", { name: "قوائم تتسع لعناصر أكثر" });
    expect(within(lists).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["القائمة", "مجاني", "Premium"]);
  });

  it("has its own title, description, canonical URL and an alternate in every language", async () => {
    const metadata = await generateMetadata({ params: Promise.resolve({ locale: "fr" }) });
    expect(metadata.title).toBe("Premium · Guildhall");
    expect(metadata.description).toMatch(/par serveur/);
    expect(metadata.alternates?.canonical).toBe("/fr/premium");
    expect(metadata.alternates?.languages).toMatchObject({ "en-US": "/en/premium", "ar-SA": "/ar/premium", "zh-TW": "/tw/premium" });
    expect(metadata.openGraph).toMatchObject({ url: "/fr/premium", locale: "fr_FR" });
  });

  it("is in the sitemap in every language", () => {
    const entries = sitemap().filter((entry) => entry.url.endsWith("/premium"));
    expect(entries.map((entry) => entry.url)).toHaveLength(9);
    expect(entries[0]?.alternates?.languages).toMatchObject({ "de-DE": "http://localhost:3000/de/premium" });
  });
});
