/** @jest-environment jsdom */
import { packPickers } from "@/lib/guilds/packed-pickers";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { itemFormSpec, type FormSpec } from "@/lib/plugins/form-spec";
import { timers } from "@/lib/plugins/timers/definition";
import { CollectionSection, type CollectionText } from "./collection-section";
import type { FormLabels } from "./types";

// The item dialog as an owner meets it: the plugin's schema speaks as soon as a field is left
// (and stops a save before any request), and a changed item is never thrown away by Escape or
// a click outside without asking.

const GUILD = "584327784348909864";
const CHANNEL = "584342883843309568";
const labels: FormLabels = {
  none: "None", search: "Search", noMatches: "No matches", remove: "Remove {name}", add: "Add", addItem: "Add", removeItem: "Remove", item: "Item {number}",
  premium: "Premium", freeMax: "{max}", characters: "{count}/{max}", unknownChannel: "Deleted channel", unknownRole: "Deleted role", channelKinds: { voice: "Voice channel", stage: "Stage channel" }, colorHex: "Colour", clearColor: "Clear",
  reasons: { above_bot: "Above the bot", managed: "Managed", everyone: "Everyone" }, on: "On", off: "Off", defaultText: "Default text, sent in {language}.",
};
const text: CollectionText = {
  title: "Timers", add: "Add timer", empty: "No timers yet", edit: "Edit", delete: "Delete", confirmDelete: "Delete {name}?", count: "{count} / {max}",
  limitReached: "Limit", premiumLimitReached: "Premium limit", showMore: "More", untitled: "Untitled", off: "Off",
  addTitle: "New timer", editTitle: "Edit timer", cancel: "Cancel", save: "Save", saving: "Saving…",
  discardQuestion: "Discard the changes to this item?", keepEditing: "Keep editing", discard: "Discard",
};
const pickers = { channels: [{ id: CHANNEL, name: "general", type: 0, position: 0, parent_id: null }], roles: [] };
const stored = { name: "Rules", channel_id: CHANNEL, message: "Read the rules", interval_minutes: 60, enabled: true };

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
let fetchMock: jest.Mock<Promise<FakeResponse>, [string, RequestInit]>;

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});
beforeEach(() => {
  fetchMock = jest.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    return { ok: true, status: 201, json: async () => ({ ...stored, ...body, id: "new-timer", position: 1, version: 1 }) };
  });
  globalThis.fetch = fetchMock as unknown as typeof globalThis.fetch;
});

function renderTimers() {
  return render(
    <CollectionSection
      guildId={GUILD}
      pluginId="timers"
      collection="timers"
      titleField="name"
      path={`/timers/${GUILD}`}
      spec={itemFormSpec(timers, "timers") as FormSpec}
      initial={{ items: [{ id: "t1", position: 0, version: 1, data: stored }], total: 1, max: 5 }}
      context={{ texts: { name: { label: "Name" }, interval_minutes: { label: "Every (minutes)" } }, labels, pickers: packPickers(pickers), premiumGuild: false }}
      text={text}
    />,
  );
}

const dialog = () => screen.getByRole("dialog", { hidden: true });
/** The dialog is mounted the first time an item is opened, from a chunk of its own. */
const opened = () => screen.findByRole("dialog", { hidden: true });
const field = (name: string) => dialog().querySelector<HTMLInputElement>(`[data-field="${name}"] input, [data-field="${name}"] textarea`)!;

it("says what is wrong with a field once it is left, and stops a save before any request", async () => {
  renderTimers();
  fireEvent.click(screen.getByRole("button", { name: "Edit: Rules" }));
  await opened();
  const name = field("name");
  await act(async () => fireEvent.focus(name));
  fireEvent.change(name, { target: { value: "" } });
  // Not while typing the first time…
  expect(within(dialog()).queryByText("This is required.")).toBeNull();
  await act(async () => fireEvent.blur(name));
  // …but once the field is left, in the page's words.
  await waitFor(() => expect(within(dialog()).getByText("This is required.")).toBeTruthy());
  expect(name.getAttribute("aria-invalid")).toBe("true");

  const interval = field("interval_minutes");
  fireEvent.change(interval, { target: { value: "3" } });
  await act(async () => fireEvent.click(within(dialog()).getByRole("button", { name: "Save" })));
  expect(within(dialog()).getByText("Enter a number of at least 10.")).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
  // The first problem takes the focus.
  expect(document.activeElement).toBe(name);

  fireEvent.change(name, { target: { value: "Rules again" } });
  expect(within(dialog()).queryByText("This is required.")).toBeNull();
});

it("asks before Escape or a click outside throws a changed item away, and keeps the draft", async () => {
  renderTimers();
  fireEvent.click(screen.getByRole("button", { name: "Edit: Rules" }));
  await opened();
  fireEvent.change(field("name"), { target: { value: "Rules, rewritten" } });

  fireEvent.keyDown(dialog(), { key: "Escape" });
  expect(dialog().hasAttribute("open")).toBe(true);
  const question = within(dialog()).getByRole("alert");
  expect(question.textContent).toContain("Discard the changes to this item?");
  expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Keep editing" }));
  fireEvent.click(within(question).getByRole("button", { name: "Keep editing" }));
  expect(field("name").value).toBe("Rules, rewritten");

  fireEvent.click(dialog());
  fireEvent.click(within(within(dialog()).getByRole("alert")).getByRole("button", { name: "Discard" }));
  expect(dialog().hasAttribute("open")).toBe(false);
  expect(screen.getByText("Rules")).toBeTruthy();
});

it("closes an unchanged item at once", async () => {
  renderTimers();
  fireEvent.click(screen.getByRole("button", { name: "Edit: Rules" }));
  await opened();
  fireEvent.keyDown(dialog(), { key: "Escape" });
  expect(dialog().hasAttribute("open")).toBe(false);
  expect(within(dialog()).queryByRole("alert")).toBeNull();
});

it("puts the focus on the new item once it is saved", async () => {
  renderTimers();
  fireEvent.click(screen.getByRole("button", { name: "+ Add timer" }));
  await opened();
  fireEvent.change(field("name"), { target: { value: "Daily tips" } });
  fireEvent.change(field("message"), { target: { value: "Drink water" } });
  const channel = dialog().querySelector<HTMLInputElement>('[data-field="channel_id"] input')!;
  fireEvent.focus(channel);
  fireEvent.change(channel, { target: { value: "gen" } });
  fireEvent.keyDown(channel, { key: "ArrowDown" });
  fireEvent.keyDown(channel, { key: "Enter" });
  await act(async () => fireEvent.click(within(dialog()).getByRole("button", { name: "Save" })));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit: Daily tips" })));
});
