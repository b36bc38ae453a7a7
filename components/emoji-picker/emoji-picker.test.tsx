/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { SWRConfig } from "swr";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { FieldRow, type RowContext } from "@/components/settings-form/field-row";
import type { FormLabels } from "@/components/settings-form/types";
import type { EmojiData } from "./data-format";
import { EmojiPicker } from "./emoji-picker";
import type { EmojiPickerData, EmojiPickerLabels, GuildEmoji } from "./types";

// The picker as people use it: open, search, arrows and Enter, Escape; with the guild's
// emojis from the API route and the unicode data from the emoji-data route, both faked.

const GUILD = "584327784348909864";
const DATA_URL = "/en/emoji-data/test-version";
const CUSTOM: GuildEmoji[] = [
  { id: "584327784348909901", name: "solder", animated: false, available: true },
  { id: "584327784348909902", name: "gear_spin", animated: true, available: true },
  { id: "584327784348909903", name: "old_logo", animated: false, available: false },
];
const UNICODE: EmojiData = {
  groups: [
    { key: "smileys-emotion", emojis: [["😀", "grinning face", "grin happy smile"], ["😂", "face with tears of joy", "joy laugh lol"]] },
    { key: "people-body", emojis: [["👋", "waving hand", "hello hi wave"], ["👋🏽", "waving hand: medium skin tone", "hello hi wave"]] },
    { key: "activities", emojis: [["🎉", "party popper", "celebration party tada"]] },
  ],
};

const labels = (messages: { emojiPicker: unknown }) => messages.emojiPicker as EmojiPickerLabels;
const pickerData = (overrides: Partial<EmojiPickerData> = {}): EmojiPickerData => ({ guildId: GUILD, cdnBase: "https://cdn.example/cdn", dataUrl: DATA_URL, labels: labels(en), ...overrides });

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const answer = (status: number, body: unknown): FakeResponse => ({ ok: status >= 200 && status < 300, status, json: async () => body });
let fetchMock: jest.Mock<Promise<FakeResponse>, [string]>;

beforeEach(() => {
  fetchMock = jest.fn(async (url: string) => {
    if (url === DATA_URL) return answer(200, UNICODE);
    if (url === `/api/guilds/${GUILD}/emojis`) return answer(200, { emojis: CUSTOM });
    return answer(404, {});
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
});

function Harness({ initial = "", clearable = true, data = pickerData(), onChange }: { initial?: string; clearable?: boolean; data?: EmojiPickerData; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    // A fresh SWR cache per test: each one fetches for itself.
    <SWRConfig value={{ provider: () => new Map() }}>
      <label htmlFor="entry-emoji">Entry emoji</label>
      <EmojiPicker
        id="entry-emoji"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        clearable={clearable}
        data={data}
      />
      <button type="button">Next field</button>
    </SWRConfig>
  );
}

const trigger = () => screen.getByRole("button", { name: "Entry emoji" });

async function openPicker() {
  fireEvent.click(trigger());
  const search = await screen.findByRole("searchbox", { name: "Search emojis" });
  await screen.findByRole("listbox", { name: "Choose an emoji" });
  await waitFor(() => expect(screen.getByRole("group", { name: "This server" })).toBeTruthy());
  return search;
}

const activeOption = () => {
  const list = screen.getByRole("listbox");
  const id = list.getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
};

describe("EmojiPicker", () => {
  it("is a labelled button that names the current emoji, with a placeholder when there is none", () => {
    render(<Harness />);
    expect(trigger().getAttribute("aria-haspopup")).toBe("dialog");
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(trigger().textContent).toContain("Choose an emoji");
    expect(trigger().getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(trigger().getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent).toBe("Current emoji: No emoji");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("opens a labelled dialog with the search box focused, this server's emojis first, then the unicode groups", async () => {
    render(<Harness />);
    const search = await openPicker();
    expect(screen.getByRole("dialog", { name: "Choose an emoji" })).toBeTruthy();
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(search);
    const groups = within(screen.getByRole("listbox")).getAllByRole("group").map((group) => group.getAttribute("aria-label"));
    expect(groups).toEqual(["This server", "Smileys & emotion", "People & body", "Activities"]);
    const server = within(screen.getByRole("group", { name: "This server" })).getAllByRole("option");
    expect(server.map((option) => option.getAttribute("aria-label"))).toEqual(["solder", "gear_spin (animated)", "old_logo: unavailable, the server lost the boosts it needs"]);
    expect(server[2]!.getAttribute("aria-disabled")).toBe("true");
    expect(server[0]!.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example/cdn/emojis/584327784348909901.png?size=64");
    expect(server[1]!.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example/cdn/emojis/584327784348909902.gif?size=64");
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([`/api/guilds/${GUILD}/emojis`, DATA_URL]);
  });

  it("searches names and keywords, and Enter in the search box picks the first match", async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const search = await openPicker();
    fireEvent.change(search, { target: { value: "tada" } });
    const results = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(results.map((option) => option.getAttribute("aria-label"))).toEqual(["party popper"]);
    expect(screen.getByRole("status", { hidden: true }).textContent).toBe("Emojis found: 1");
    fireEvent.change(search, { target: { value: ":gear_" } });
    expect(within(screen.getByRole("listbox")).getAllByRole("option").map((option) => option.getAttribute("aria-label"))).toEqual(["gear_spin (animated)"]);
    fireEvent.change(search, { target: { value: "wave" } });
    expect(within(screen.getByRole("listbox")).getAllByRole("option")).toHaveLength(2);
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("👋");
    fireEvent.change(await openPicker(), { target: { value: "zzz" } });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getAllByText("No emoji matches your search.").length).toBeGreaterThan(0);
  });

  it("moves with the arrow keys and picks a custom emoji with Enter as <:name:id>, then gives focus back to the button", async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const search = await openPicker();
    fireEvent.keyDown(search, { key: "ArrowDown" });
    const list = screen.getByRole("listbox");
    expect(document.activeElement).toBe(list);
    expect(activeOption()?.getAttribute("aria-label")).toBe("solder");
    fireEvent.keyDown(list, { key: "ArrowRight" });
    expect(activeOption()?.getAttribute("aria-label")).toBe("gear_spin (animated)");
    fireEvent.keyDown(list, { key: "ArrowDown" });
    expect(activeOption()?.getAttribute("aria-label")).toBe("face with tears of joy");
    fireEvent.keyDown(list, { key: "ArrowUp" });
    fireEvent.keyDown(list, { key: "ArrowLeft" });
    expect(activeOption()?.getAttribute("aria-label")).toBe("solder");
    fireEvent.keyDown(list, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("<:solder:584327784348909901>");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().textContent).toContain(":solder:");
  });

  it("stores an animated custom emoji as <a:name:id> and does not pick an unavailable one", async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.keyDown(await openPicker(), { key: "ArrowDown" });
    const list = screen.getByRole("listbox");
    fireEvent.keyDown(list, { key: "ArrowRight" });
    fireEvent.keyDown(list, { key: "ArrowRight" });
    fireEvent.keyDown(list, { key: "Enter" });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(list, { key: "ArrowLeft" });
    fireEvent.keyDown(list, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("<a:gear_spin:584327784348909902>");
  });

  it("closes on Escape and gives focus back to the button; Tab past it closes it too", async () => {
    render(<Harness />);
    const search = await openPicker();
    fireEvent.keyDown(search, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    await openPicker();
    fireEvent.blur(screen.getByRole("searchbox"), { relatedTarget: screen.getByRole("button", { name: "Next field" }) });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens on the stored emoji, and swaps left and right on right-to-left pages", async () => {
    render(
      <div dir="rtl">
        <Harness initial="😂" data={pickerData({ labels: labels(en) })} />
      </div>,
    );
    fireEvent.keyDown(await openPicker(), { key: "ArrowDown" });
    const list = screen.getByRole("listbox");
    expect(activeOption()?.getAttribute("aria-label")).toBe("face with tears of joy");
    expect(activeOption()?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(list, { key: "ArrowRight" });
    expect(activeOption()?.getAttribute("aria-label")).toBe("grinning face");
    fireEvent.keyDown(list, { key: "ArrowLeft" });
    expect(activeOption()?.getAttribute("aria-label")).toBe("face with tears of joy");
  });

  it("clears an optional field, and offers no clear button on a required one", () => {
    const onChange = jest.fn();
    const { unmount } = render(<Harness initial="🎉" onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove the emoji" }));
    expect(onChange).toHaveBeenCalledWith("");
    expect(trigger().textContent).toContain("Choose an emoji");
    unmount();
    render(<Harness initial="🎉" clearable={false} />);
    expect(screen.queryByRole("button", { name: "Remove the emoji" })).toBeNull();
  });

  it("says so when this server's emojis cannot be loaded, keeps the unicode ones, and retries on demand", async () => {
    let failing = true;
    fetchMock.mockImplementation(async (url: string) => {
      if (url === DATA_URL) return answer(200, UNICODE);
      return failing ? answer(502, { code: "platform_unavailable", status_code: 502, message: "down", error: { message: "down" } }) : answer(200, { emojis: CUSTOM });
    });
    render(<Harness />);
    fireEvent.click(trigger());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This server's emojis could not be loaded.");
    expect(screen.getByRole("group", { name: "Smileys & emotion" })).toBeTruthy();
    failing = false;
    await act(async () => fireEvent.click(within(alert).getByRole("button", { name: "Try again" })));
    await screen.findByRole("group", { name: "This server" });
  });

  it("says so while loading and when the unicode data fails", async () => {
    fetchMock.mockImplementation(async (url: string) => (url === DATA_URL ? answer(500, {}) : answer(200, { emojis: [] })));
    render(<Harness />);
    fireEvent.click(trigger());
    expect((await screen.findAllByRole("status")).some((status) => /Loading/.test(status.textContent ?? ""))).toBe(true);
    expect((await screen.findByRole("alert")).textContent).toContain("The emojis could not be loaded.");
    expect(screen.getByText("This server has no custom emojis yet.")).toBeTruthy();
  });
});

describe("the emoji field in the settings form", () => {
  const formLabels = { freeMax: "{max}", characters: "{count}/{max}", premium: "Premium" } as FormLabels;
  const context = (errors: Record<string, string>, messages: { emojiPicker: unknown }): RowContext => ({
    idPrefix: "cfg-giveaways",
    texts: { entry_emoji: { label: "Entry emoji" } },
    labels: formLabels,
    pickers: { channels: [], roles: [] },
    errors,
    premiumGuild: false,
    emoji: pickerData({ labels: labels(messages) }),
  });
  const field = { name: "entry_emoji", type: "string" as const, ui: "emoji" as const, default: "🎉" };

  it("draws the picker for ui emoji, labelled by the field's label", async () => {
    render(<FieldRow field={field} path="entry_emoji" textKey="entry_emoji" value="🎉" onChange={() => undefined} context={context({}, en)} />);
    expect((await screen.findByRole("button", { name: "Entry emoji" })).getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("shows the field's error, already in the page's language, and marks the picker invalid", async () => {
    render(<FieldRow field={field} path="entry_emoji" textKey="entry_emoji" value=":smile:" onChange={() => undefined} context={context({ entry_emoji: "Choisissez un seul emoji." }, fr)} />);
    expect(screen.getByText("Choisissez un seul emoji.")).toBeTruthy();
    expect((await screen.findByRole("button", { name: "Entry emoji" })).getAttribute("aria-invalid")).toBe("true");
  });
});
