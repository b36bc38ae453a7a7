/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { PremiumLapsedNotice } from "./premium-lapsed-notice";

// The notice on a plugin page whose premium-only settings outlived Premium: since when, that
// they are kept, and the way back to Premium for this server, in the page's language.

jest.mock("next-intl/server", () => ({
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => {
    const { createTranslator } = jest.requireActual<typeof import("next-intl")>("next-intl");
    return createTranslator({ locale, messages: jest.requireActual<Record<string, unknown>>(`@/messages/${locale}.json`), namespace } as never);
  },
}));

const GUILD = "584327784348909864";
const ENDED = new Date("2026-11-20T23:30:00Z");

describe("the notice of a lapsed Premium", () => {
  it("dates the end (the UTC day), says the settings are kept, and links to Premium for this server", async () => {
    render(await PremiumLapsedNotice({ locale: "en", guildId: GUILD, endedAt: ENDED }));
    const notice = screen.getByTestId("premium-lapsed-notice");
    expect(notice.textContent).toBe("Premium ended on November 20, 2026: these settings are kept but not applied until Premium is back. Get Premium back");
    expect(within(notice).getByRole("link", { name: "Get Premium back" }).getAttribute("href")).toBe(`/en/premium?guild=${GUILD}`);
  });

  it("speaks the page's language, dates included", async () => {
    render(await PremiumLapsedNotice({ locale: "tw", guildId: GUILD, endedAt: ENDED }));
    const notice = screen.getByTestId("premium-lapsed-notice");
    expect(notice.textContent).toContain("Premium 已於 2026年11月20日 結束");
    expect(within(notice).getByRole("link").getAttribute("href")).toBe(`/tw/premium?guild=${GUILD}`);
  });
});
