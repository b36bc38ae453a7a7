/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { RankCardDialog } from "./rank-card-dialog";

const GUILD = "584327784348909864";
const text = { title: "Your rank card", alt: "Your rank card on this server", loading: "Drawing…", failed: "Could not draw it.", download: "Download PNG", close: "Close" };

beforeAll(() => {
  // jsdom implements <dialog> without showModal and close; give it the minimal behaviour.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});

afterEach(() => window.history.replaceState(null, "", "/en/dashboard/x"));

describe("RankCardDialog", () => {
  it("draws nothing and asks for no card without #rank-card in the address", () => {
    window.history.replaceState(null, "", "/en/dashboard/x");
    render(<RankCardDialog guildId={GUILD} text={text} />);
    expect(screen.queryByTestId("rank-card-dialog")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
  });

  it("opens a labelled modal with the signed-in user's own card for #rank-card, then offers the download", () => {
    window.history.replaceState(null, "", "/en/dashboard/x#rank-card");
    render(<RankCardDialog guildId={GUILD} text={text} />);
    const dialog = screen.getByRole("dialog", { name: "Your rank card" });
    expect(dialog).toHaveProperty("open", true);
    const image = screen.getByRole("img", { name: text.alt });
    expect(image.getAttribute("src")).toBe(`/api/plugins/levels/guilds/${GUILD}/rank-card/@me`);
    expect(screen.getByRole("status").textContent).toBe(text.loading);
    expect(screen.queryByRole("link", { name: text.download })).toBeNull();
    fireEvent.load(image);
    expect(screen.getByRole("link", { name: text.download }).getAttribute("download")).toBe("rank-card.png");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says so when the card cannot be drawn", () => {
    window.history.replaceState(null, "", "/en/dashboard/x#rank-card");
    render(<RankCardDialog guildId={GUILD} text={text} />);
    fireEvent.error(screen.getByRole("img", { name: text.alt, hidden: true }));
    expect(screen.getByRole("alert").textContent).toBe(text.failed);
  });

  it("opens when the hash changes later, and closing drops the hash so the link works again", () => {
    render(<RankCardDialog guildId={GUILD} text={text} />);
    act(() => {
      window.history.replaceState(null, "", "/en/dashboard/x#rank-card");
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    const dialog = screen.getByTestId("rank-card-dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    act(() => dialog.close());
    expect(dialog.open).toBe(false);
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/en/dashboard/x");
  });
});
