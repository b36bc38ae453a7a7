/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import sitemap from "@/app/sitemap";
import { ENTITLEMENTS, planEntitlements, type Entitlement } from "@/lib/billing/entitlements";
import { PLANS } from "@/lib/billing/plans";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import PremiumPage, { generateMetadata } from "./page";

// The premium page as a visitor and a crawler get it: a plain comparison drawn from the
// entitlement table and the plugin definitions, real tables with headers, and its URL in every
// language (the prices from the billing provider: pricing.test.tsx).

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

/** The plans table's rows as [entitlement name, what each plan column says to a screen reader]. */
function planRows(table: HTMLElement) {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [within(row).getByRole("rowheader").firstChild!.textContent, ...within(row).getAllByRole("cell").map((cell) => cell.querySelector(".visually-hidden")!.textContent)]);
}

describe("premium page", () => {
  it("has a column per sold plan and a row per built entitlement they give, read from the entitlement table", async () => {
    await renderPage("en");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("What Premium and Pro add to a server");
    const table = screen.getByRole("table", { name: "What each plan unlocks" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Unlocks", "Premium", "Pro", "Premium + Pro bundle"]);
    expect(planRows(table)).toEqual([
      ["Premium features", "Included", "Not included", "Included"],
      ["Custom bot", "Not included", "Included", "Included"],
      ["Twice the list limits", "Not included", "Included", "Included"],
    ]);
    // The same, from the table itself: Web3 is not sold and what it would give is not built, so neither shows.
    const sold = PLANS.filter((plan) => plan !== "web3");
    const rows = (Object.keys(ENTITLEMENTS) as Entitlement[]).filter((entitlement) => ENTITLEMENTS[entitlement].built && sold.some((plan) => planEntitlements(plan).includes(entitlement)));
    expect(rows).toEqual(["premium", "custom_bot", "pro_limits"]);
    // Web3 is not sold (NFT avatars, a premium plugin, is Premium's).
    expect(screen.queryByText(/web3/i)).toBeNull();
  });

  it("names each plan's unlocks in every language, not in English copies", async () => {
    const english = await (async () => {
      await renderPage("en");
      const rows = planRows(screen.getByTestId("premium-plans"));
      document.body.innerHTML = "";
      return rows;
    })();
    for (const locale of LOCALES.filter((code) => code !== "en")) {
      await renderPage(locale);
      const rows = planRows(screen.getByTestId("premium-plans"));
      expect(rows).toHaveLength(english.length);
      rows.forEach((row, index) => expect({ locale, name: row[0] === english[index]![0], included: row[2] === english[index]![2] }).toEqual({ locale, name: false, included: false }));
      document.body.innerHTML = "";
    }
  });

  it("compares Free and the plans from the definitions, in tables with column and row headers, leaving out what is not built", async () => {
    await renderPage("en");
    const plugins = within(screen.getByTestId("premium-plugins"));
    expect(plugins.getByRole("heading", { name: "Record" })).toBeTruthy();
    expect(plugins.getByRole("heading", { name: "Statistics" })).toBeTruthy();
    // Memberships are sold and NFT avatars set since issue 25.
    expect(plugins.getByRole("heading", { name: "Memberships" })).toBeTruthy();
    expect(plugins.getByRole("heading", { name: "NFT avatars" })).toBeTruthy();
    // The custom bot is not a Premium plugin (its add-on's or Pro's).
    expect(plugins.queryByRole("heading", { name: "Custom bot" })).toBeNull();
    expect(plugins.queryByRole("heading", { name: "Timers" })).toBeNull();

    const lists = screen.getByRole("table", { name: "Lists that hold more" });
    expect(within(lists).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["List", "Free", "Premium", "Pro", "Premium + Pro bundle"]);
    // Pro doubles the server's limit, free or premium.
    expect(rowsOf(lists)).toContainEqual(["Timers", "2", "20", "4", "40"]);
    expect(rowsOf(lists)).toContainEqual(["Twitch · Streamers", "3", "100", "6", "200"]);

    const sizes = screen.getByRole("table", { name: "Settings that hold more" });
    expect(within(sizes).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Setting", "Free", "Premium"]);
    expect(rowsOf(sizes)).toContainEqual(["Levels · Role rewards", "10", "100"]);
    // The lockdown locks (issue 21): its channels are a bigger setting Premium sells.
    expect(rowsOf(sizes)).toContainEqual(["Moderator · Lockdown channels", "10", "50"]);

    const settings = screen.getByRole("table", { name: "Settings Premium unlocks" });
    expect(rowsOf(settings)).toContainEqual(["Music · Stay in voice 24/7", "Off", "On or off"]);
    expect(rowsOf(settings)).toContainEqual(["RSS · Check every (minutes)", "30", "5 to 1440"]);
  });

  it("without a billing provider to ask, says the prices cannot be loaded and names none", async () => {
    const { container } = await renderPage("en");
    expect(screen.getByTestId("premium-checkout").textContent).toMatch(/secure page/);
    expect(screen.getByTestId("premium-prices").textContent).toBe("Prices cannot be loaded right now. Please try again in a few minutes.");
    expect(container.textContent).toMatch(/Each plan is for one server/);
    expect(container.textContent).not.toMatch(/[$€£]|\/\s?month/i);
  });

  it("speaks the page's language, Arabic included", async () => {
    await renderPage("ar");
    const lists = screen.getByRole("table", { name: "قوائم تتسع لعناصر أكثر" });
    expect(within(lists).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["القائمة", "مجاني", "Premium", "Pro", "باقة Premium + Pro"]);
  });

  it("has its own title, description, canonical URL and an alternate in every language", async () => {
    const metadata = await generateMetadata({ params: Promise.resolve({ locale: "fr" }) });
    expect(metadata.title).toBe("Premium · Guildhall");
    expect(metadata.description).toMatch(/par serveur/i);
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
