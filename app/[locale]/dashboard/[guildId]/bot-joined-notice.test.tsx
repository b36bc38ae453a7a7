/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import en from "@/messages/en.json";
import ar from "@/messages/ar.json";
import { BotJoinedNotice } from "./bot-joined-notice";

// Back from adding the bot (app/guild-oauth sends ?bot=joined): the overview says the bot joined,
// the server's name isolated in <bdi>, and the flag leaves the address so a reload is quiet.

// The address bar as the router reads it (jsdom has no Next router).
jest.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams(window.location.search) }));

const at = (path: string) => window.history.replaceState(null, "", path);

describe("BotJoinedNotice", () => {
  it("confirms the bot joined, with the server's name in <bdi>, and drops ?bot=joined from the address", () => {
    at("/en/dashboard/442324589356384552?tab=logs&bot=joined#plugins");
    render(<BotJoinedNotice guildName="Speedrun Central" text={en.guild.botJoined} />);
    const notice = screen.getByRole("status");
    expect(notice.textContent).toBe("Guildhall joined Speedrun Central.");
    expect(notice.querySelector("bdi")?.textContent).toBe("Speedrun Central");
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe("/en/dashboard/442324589356384552?tab=logs#plugins");
  });

  it("keeps a right-to-left sentence whole around a left-to-right name", () => {
    at("/ar/dashboard/442324589356384552?bot=joined");
    render(<BotJoinedNotice guildName="Speedrun Central" text={ar.guild.botJoined} />);
    expect(screen.getByRole("status").textContent).toBe("انضم Guildhall إلى Speedrun Central.");
  });

  it("says nothing on an ordinary visit", () => {
    at("/en/dashboard/442324589356384552");
    const { container } = render(<BotJoinedNotice guildName="Speedrun Central" text={en.guild.botJoined} />);
    expect(container.textContent).toBe("");
    expect(screen.queryByRole("status")).toBeNull();
  });
});
