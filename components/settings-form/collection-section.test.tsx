/** @jest-environment jsdom */
import { packPickers } from "@/lib/guilds/packed-pickers";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { onErrorModal } from "@/lib/http/error-bus";
import { itemFormSpec } from "@/lib/plugins/form-spec";
import { reactionRoles } from "@/lib/plugins/reaction_roles/definition";
import { CollectionSection, type CollectionText } from "./collection-section";
import type { ActionText } from "./item-actions";
import type { FormLabels, FormSpec } from "./types";

// The item actions of a collection (here reaction roles' "post"): the button, its busy
// state, the notice it leaves, and the errors it explains under the item.

const GUILD = "584327784348909864";
const CHANNEL = "584327784348909870";
const ROLE_LOW = "584327784348909880";
const ROLE_HIGH = "584327784348909881";
const ITEM = "0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f10";

const strings = en.collectionActions;
const actionText: ActionText = { ...strings, errors: { ...strings.errors } };
const labels: FormLabels = {
  none: "None", search: "Search", noMatches: "No matches", remove: "Remove {name}", add: "Add", addItem: "Add", removeItem: "Remove", item: "Item {number}",
  premium: "Premium", freeMax: "{max}", characters: "{count}/{max}", unknownChannel: "Deleted channel", unknownRole: "Deleted role", channelKinds: { voice: "Voice channel", stage: "Stage channel" }, colorHex: "Colour", clearColor: "Clear",
  reasons: { above_bot: "Above the bot's highest role", managed: "Managed by an integration", everyone: "Everyone has this role" }, on: "On", off: "Off", defaultText: "Default text, sent in {language}.",
};
const text: CollectionText = {
  title: "Reaction role messages", add: "Add message", empty: "None yet", edit: "Edit", delete: "Delete", confirmDelete: "Delete {name}?", count: "{count} / {max}",
  limitReached: "Limit", premiumLimitReached: "Premium limit", showMore: "More", untitled: "Untitled", off: "Off",
  addTitle: "Add message", editTitle: "Edit", cancel: "Cancel", save: "Save", saving: "Saving…", discardQuestion: "Discard the changes?", keepEditing: "Keep editing", discard: "Discard",
};
const pickers = {
  channels: [{ id: CHANNEL, name: "general", type: 0, position: 0, parent_id: null }],
  roles: [
    { id: ROLE_HIGH, name: "Admins", color: 0, position: 9, mentionable: false, assignable: false, reason: "above_bot" as const, managed: false },
    { id: ROLE_LOW, name: "Coders", color: 0, position: 1, mentionable: false, assignable: true, managed: false },
  ],
};

const data = { channel_id: CHANNEL, message: "Pick a role", mode: "normal", pairs: [{ emoji: "🔴", role_id: ROLE_LOW }, { emoji: "🟢", role_id: ROLE_HIGH }], message_id: null };

function renderSection(plugin?: { name: string; enabled: boolean }, { items = [{ id: ITEM, position: 0, version: 1, data }], sectionText = text } = {}) {
  return render(
    <CollectionSection
      guildId={GUILD}
      pluginId="reaction_roles"
      collection="messages"
      titleField="message"
      spec={itemFormSpec(reactionRoles, "messages") as FormSpec}
      initial={{ items, total: items.length, max: 5 }}
      context={{ texts: {}, labels, pickers: packPickers(pickers), premiumGuild: false }}
      text={sectionText}
      actions={{ list: reactionRoles.collections.messages.actions, text: actionText, linkBase: "https://discord.example" }}
      plugin={plugin}
    />,
  );
}

/** What apiFetch reads of a response (jsdom has no fetch or Response). */
type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const response = (status: number, body: unknown): FakeResponse => ({ ok: status >= 200 && status < 300, status, json: async () => body });
const answer = (status: number, body: unknown) => Promise.resolve(response(status, body));

/** Replaces fetch for one test. */
function mockFetch(implementation: () => Promise<FakeResponse>): jest.Mock {
  const fetch = jest.fn(implementation);
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

let modal: jest.Mock;
let stop: () => void;
beforeAll(() => {
  // Dashboard pages get the anti-forgery cookie with the page (else apiFetch asks /api/xsrf first).
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
beforeEach(() => {
  modal = jest.fn();
  stop = onErrorModal(modal);
});
afterEach(() => {
  stop();
  jest.restoreAllMocks();
});

const postButton = () => screen.getByRole("button", { name: /^Post to channel: / });

describe("an empty collection", () => {
  it("says so, gives one example and offers the primary action, which opens the new item's dialog", async () => {
    renderSection(undefined, { items: [], sectionText: { ...text, example: "For example: members react with 🎮 to get the Gamers role." } });
    const empty = screen.getByTestId("collection-empty");
    expect(empty.textContent).toContain("None yet");
    expect(empty.textContent).toContain("For example: members react with 🎮 to get the Gamers role.");
    fireEvent.click(within(empty).getByRole("button", { name: "+ Add message" }));
    expect(await screen.findByRole("dialog", { name: "Add message" })).toBeTruthy();
  });
});

describe("collection item actions", () => {
  it("posts the item, says where with a link, and then offers a re-post", async () => {
    const fetch = mockFetch(() => answer(200, { channel_id: CHANNEL, message_id: "584327784348909999", item: { ...data, message_id: "584327784348909999", id: ITEM, position: 0, version: 2 } }));
    renderSection();
    expect(screen.queryByText("Posted")).toBeNull();
    await act(async () => fireEvent.click(postButton()));
    expect(fetch).toHaveBeenCalledWith(`/api/plugins/reaction_roles/guilds/${GUILD}/messages/${ITEM}/post`, expect.objectContaining({ method: "POST" }));
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("Posted in #general.");
    expect(within(notice).getByRole("link", { name: "Open in Discord" }).getAttribute("href")).toBe(`https://discord.example/channels/${GUILD}/${CHANNEL}/584327784348909999`);
    expect(screen.getByText("Posted")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Re-post: / })).toBeTruthy();
    fireEvent.click(within(notice).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says so when the message posted before was gone from the platform and a new one was posted", async () => {
    mockFetch(() => answer(200, { channel_id: CHANNEL, message_id: "584327784348909998", reposted: true, item: { ...data, message_id: "584327784348909998", id: ITEM, position: 0, version: 3 } }));
    renderSection();
    await act(async () => fireEvent.click(postButton()));
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("Its earlier message had been deleted in Discord, so it was posted again in #general.");
    expect(within(notice).getByRole("link", { name: "Open in Discord" }).getAttribute("href")).toBe(`https://discord.example/channels/${GUILD}/${CHANNEL}/584327784348909998`);
  });

  it("says under a post that the plugin is off, and turns it on from there", async () => {
    const fetch = mockFetch(() => answer(200, { channel_id: CHANNEL, message_id: "584327784348909999", item: { ...data, message_id: "584327784348909999", id: ITEM, position: 0, version: 2 } }));
    renderSection({ name: "Reaction roles", enabled: false });
    await act(async () => fireEvent.click(postButton()));
    const off = screen.getByTestId("plugin-off");
    expect(off.textContent).toContain("Reaction roles is switched off: the bot does nothing with this until you turn it on.");
    fetch.mockImplementation(() => answer(200, { enabled: true, config: {}, version: 3 }));
    await act(async () => fireEvent.click(within(off).getByRole("button", { name: "Turn Reaction roles on" })));
    expect(fetch).toHaveBeenLastCalledWith(`/api/plugins/reaction_roles/config/${GUILD}`, expect.objectContaining({ method: "PATCH", body: JSON.stringify({ enabled: true }) }));
    expect(screen.queryByTestId("plugin-off")).toBeNull();
    expect(screen.getByTestId("item-action-notice").textContent).toContain("Reaction roles is on.");
  });

  it("says nothing of the plugin when it is on", async () => {
    mockFetch(() => answer(200, { channel_id: CHANNEL, message_id: "584327784348909999" }));
    renderSection({ name: "Reaction roles", enabled: true });
    await act(async () => fireEvent.click(postButton()));
    expect(screen.getByTestId("item-action-notice").textContent).toContain("Posted in #general.");
    expect(screen.queryByTestId("plugin-off")).toBeNull();
  });

  it("names the roles the bot cannot give and why, under the item and without the error modal", async () => {
    mockFetch(() =>
      answer(400, { code: "role_not_assignable", status_code: 400, message: "The bot cannot give these roles: Admins (above_bot).", error: { message: "…" }, fields: [{ path: "pairs.1.role_id", code: "role_above_bot", message: "This role is above the bot’s highest role." }] }),
    );
    renderSection();
    await act(async () => fireEvent.click(postButton()));
    expect(screen.getByRole("alert").textContent).toBe(
      "The bot cannot give these roles: Admins (Above the bot's highest role). Move the bot's role above them in the server settings, or choose other roles.×",
    );
    expect(modal).not.toHaveBeenCalled();
    expect(screen.queryByText("Posted")).toBeNull();
  });

  it("explains a platform rate limit", async () => {
    mockFetch(() => answer(429, { code: "rate_limited", status_code: 429, message: "Discord is rate limiting the bot.", error: { message: "…" } }));
    renderSection();
    await act(async () => fireEvent.click(postButton()));
    expect(screen.getByRole("alert").textContent).toContain(strings.errors.rate_limited);
    expect(modal).not.toHaveBeenCalled();
    expect(postButton()).toHaveProperty("disabled", false);
  });

  it("leaves other failures to the error modal", async () => {
    mockFetch(() => answer(500, { code: "internal_error", status_code: 500, message: "Something went wrong on our side.", error: { message: "…" } }));
    renderSection();
    await act(async () => fireEvent.click(postButton()));
    expect(modal).toHaveBeenCalledWith({ message: "Something went wrong on our side." });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a busy label and blocks a second click while posting", async () => {
    let finish: (value: FakeResponse) => void = () => {};
    const fetch = mockFetch(() => new Promise<FakeResponse>((resolve) => (finish = resolve)));
    renderSection();
    fireEvent.click(postButton());
    const busy = screen.getByRole("button", { name: /^Posting…: / });
    expect(busy).toHaveProperty("disabled", true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(busy);
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => finish(response(200, { channel_id: CHANNEL, message_id: "584327784348909998" })));
    expect(screen.getByRole("status").textContent).toContain("Posted in #general.");
  });

  it("keeps the posted message out of the edit form", async () => {
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: /^Edit/ }));
    await screen.findByRole("dialog", { hidden: true });
    expect(document.querySelector('[data-field="message_id"]')).toBeNull();
    expect(document.querySelector('[data-field="pairs"]')).not.toBeNull();
  });
});
