/** @jest-environment jsdom */
import { packPickers } from "@/lib/guilds/packed-pickers";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { achievements, TROPHY_FALLBACK_ICON } from "@/lib/plugins/achievements/definition";
import { STARTER_TROPHIES } from "@/lib/plugins/achievements/starter-set";
import { itemFormSpec } from "@/lib/plugins/form-spec";
import { CollectionSection, type BatchAdd, type CollectionText } from "./collection-section";
import type { FormLabels, FormSpec } from "./types";

// Trophies drawn as a grid of cards, and the starter set added in one batch after reading the limits.

const GUILD = "584327784348909864";
const ROLE = "584327784348909880";
const labels = { none: "None", search: "Search", noMatches: "No matches", unknownChannel: "Deleted channel", unknownRole: "Deleted role", reasons: {} } as unknown as FormLabels;
const text = { title: "Trophies", add: "Add trophy", empty: "No trophies yet.", edit: "Edit", delete: "Delete", confirmDelete: "Delete {name}?", count: "{count} / {max}", untitled: "Untitled", off: "Off", cancel: "Cancel", save: "Save" } as CollectionText;
const texts = { condition: { label: "Earned for", options: { messages_sent: "Messages sent", role_held: "Holding a role" } } };
const pickers = { channels: [], roles: [{ id: ROLE, name: "Helpers", color: 0, position: 1, mentionable: false, assignable: true, managed: false }] };
const batch: BatchAdd = {
  path: `/plugins/achievements/guilds/${GUILD}/trophies/batch-create`,
  key: "trophies",
  limitsPath: `/plugins/achievements/guilds/${GUILD}/trophies/limits`,
  items: STARTER_TROPHIES.map(({ key, emoji, condition, threshold }) => ({ name: key, emoji, condition, threshold })),
  text: { label: "Add a starter set", busy: "Adding…", done: "{count} trophies added.", noRoom: "The starter set needs room for {count} trophies.", used: "{used} of {max} used." },
};
const item = (id: string, data: Record<string, unknown>) => ({ id, position: 0, version: 1, data });
const saved = [
  item("0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f10", { name: "Chatterbox", emoji: "🗣️", condition: "messages_sent", threshold: 1000, required_role_id: null }),
  item("0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f11", { name: "Helper", emoji: "<:helper:584327784348909999>", condition: "role_held", threshold: null, required_role_id: ROLE }),
];

function renderTrophies(items = saved) {
  return render(
    <CollectionSection
      guildId={GUILD}
      pluginId="achievements"
      collection="trophies"
      titleField="name"
      spec={itemFormSpec(achievements, "trophies") as FormSpec}
      initial={{ items, total: items.length, max: 10 }}
      context={{ texts, labels, pickers: packPickers(pickers), premiumGuild: false }}
      text={text}
      display={{ kind: "grid", icon: "emoji", image: "icon_image", fallback: TROPHY_FALLBACK_ICON, details: ["condition", "threshold", "required_role_id"] }}
      batch={batch}
    />,
  );
}

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const answer = (status: number, body: unknown): Promise<FakeResponse> => Promise.resolve({ ok: status < 300, status, json: async () => body });

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
  // jsdom lacks structuredClone and gives <dialog> no showModal / close.
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});
afterEach(() => jest.restoreAllMocks());

it("draws each trophy as a card: its icon, name and what earns it", () => {
  renderTrophies();
  const cards = screen.getAllByRole("listitem");
  expect(cards.map((card) => card.textContent?.replace(/EditDelete$/, ""))).toEqual(["🗣️ChatterboxMessages sent · 1000", ":helper:HelperHolding a role · Helpers"]);
  expect(within(cards[0]!).getByRole("button", { name: "Edit: Chatterbox" })).toBeTruthy();
});

it("draws a trophy's uploaded image instead of its emoji, and the fallback for one with neither", () => {
  const key = `${"ab".repeat(32)}.png`;
  renderTrophies([
    item("0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f12", { name: "Artist", emoji: "🎨", icon_image: `upload:${key}`, condition: "messages_sent", threshold: 5, required_role_id: null }),
    item("0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f13", { name: "Plain", emoji: "", icon_image: "", condition: "messages_sent", threshold: 10, required_role_id: null }),
  ]);
  const [artist, plain] = screen.getAllByRole("listitem");
  expect(within(artist!).getByTestId("card-image").getAttribute("src")).toBe(`/api/uploads/${key}`);
  expect(artist!.textContent).not.toContain("🎨");
  expect(within(plain!).queryByTestId("card-image")).toBeNull();
  expect(plain!.textContent?.startsWith(`${TROPHY_FALLBACK_ICON}Plain`)).toBe(true);
});

it("adds the starter set in one call when the server says there is room, and tells how much is used", async () => {
  const created = batch.items.map((data, index) => ({ id: `0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f2${index}`, position: index + 2, version: 1, ...data }));
  const fetch = jest.fn((url: string) => (url.endsWith("/limits") ? answer(200, { used: 2, max: 10 }) : answer(201, { items: created })));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  renderTrophies();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add a starter set" })));
  expect(fetch.mock.calls.map(([url]) => url)).toEqual([`/api${batch.limitsPath}`, `/api${batch.path}`]);
  expect(JSON.parse((fetch.mock.calls[1] as unknown as [string, { body: string }])[1].body)).toEqual({ trophies: batch.items });
  expect(screen.getByRole("status").textContent).toBe(`${STARTER_TROPHIES.length} trophies added. ${2 + STARTER_TROPHIES.length} of 10 used.`);
  expect(screen.getAllByRole("listitem")).toHaveLength(2 + STARTER_TROPHIES.length);
  expect(screen.getByTestId("collection-count").textContent).toBe(`${2 + STARTER_TROPHIES.length} / 10`);
});

it("adds nothing when the set no longer fits, and says so", async () => {
  const fetch = jest.fn(() => answer(200, { used: 8, max: 10 }));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  renderTrophies();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add a starter set" })));
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(screen.getByRole("status").textContent).toBe(`The starter set needs room for ${STARTER_TROPHIES.length} trophies. 8 of 10 used.`);
  expect(screen.getAllByRole("listitem")).toHaveLength(2);
});
