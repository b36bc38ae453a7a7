/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { announcePluginSaved } from "@/components/plugin-events";
import type { MessageEditorData } from "@/components/message-editor/types";
import { packPickers } from "@/lib/guilds/packed-pickers";
import { itemFormSpec } from "@/lib/plugins/form-spec";
import { rss } from "@/lib/plugins/rss/definition";
import { sampleContext } from "@/lib/templates/context";
import en from "@/messages/en.json";
import enDefaults from "@/messages/defaults/en.json";
import frValidation from "@/messages/validation/fr.json";
import { CollectionSection, type CollectionText } from "./collection-section";
import type { ActionText } from "./item-actions";
import type { FormLabels, FormSpec } from "./types";

// A social plugin's alerts (RSS feeds here) as an owner meets them: a plugin switched off says
// that none of its alerts is posted, with a button that turns it on; an alert whose own message
// is blank previews the plugin's default message, the one the bot sends instead; a source already
// posting in the channel is said under the source, in the server's words.

const GUILD = "584327784348909864";
const CHANNEL = "584327784348909870";
const ITEM = "0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f10";
const FEED = "https://blog.example.com/feed.xml";

const actionText: ActionText = { ...en.collectionActions, errors: { ...en.collectionActions.errors } };
const labels: FormLabels = {
  none: "None", search: "Search", noMatches: "No matches", remove: "Remove {name}", add: "Add", addItem: "Add", removeItem: "Remove", item: "Item {number}",
  premium: "Premium", freeMax: "{max}", characters: "{count}/{max}", unknownChannel: "Deleted channel", unknownRole: "Deleted role", channelKinds: { voice: "Voice channel", stage: "Stage channel" }, colorHex: "Colour", clearColor: "Clear",
  reasons: { above_bot: "Above the bot", managed: "Managed", everyone: "Everyone" }, on: "On", off: "Off", defaultText: "Default text, sent in {language}.",
};
const text: CollectionText = {
  title: "Feeds", add: "Add feed", empty: "No feeds yet.", edit: "Edit", delete: "Delete", confirmDelete: "Delete {name}?", count: "{count} of {max} used",
  limitReached: "Limit", premiumLimitReached: "Premium limit", showMore: "More", untitled: "Untitled", off: "Off",
  addTitle: "Add feed", editTitle: "Edit feed", cancel: "Cancel", save: "Save", saving: "Saving…", discardQuestion: "Discard?", keepEditing: "Keep editing", discard: "Discard",
};
const pickers = { channels: [{ id: CHANNEL, name: "news", type: 0, position: 0, parent_id: null }], roles: [] };
const message: MessageEditorData = {
  guildId: GUILD,
  context: sampleContext({ id: GUILD, name: "Ada's Workshop", icon: null, owner_id: "1", member_count: 42, channels: [] }, { id: "1", username: "ada", global_name: "Ada", avatar: null }, { cdnBase: "https://cdn.example" }),
  members: {},
  labels: { characters: "{count} / {max}", hint: "Type {variable}.", suggestions: "Suggestions", suggestionCount: "{count}", noSuggestions: "None", searching: "…", role: "Role", preview: "Preview", previewEmpty: "The message is empty." },
};
const subscription = { source_id: FEED, source_name: "Ada's Engineering Notes", channel_id: CHANNEL, message: "" };

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
let fetchMock: jest.Mock<Promise<FakeResponse>, [string, RequestInit]>;

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});
beforeEach(() => {
  // The page's own requests (the signed-in user for the preview) find nothing; the plugin's switch answers as the server does.
  fetchMock = jest.fn(async (url: string, init: RequestInit) => {
    if (url === `/api/plugins/rss/config/${GUILD}` && init.method === "PATCH") return { ok: true, status: 200, json: async () => ({ id: "rss", enabled: true, config: { default_message: "$default:rss.default_message" }, version: 4 }) };
    return { ok: false, status: 404, json: async () => ({}) };
  });
  globalThis.fetch = fetchMock as unknown as typeof globalThis.fetch;
});

function renderFeeds({ enabled = false, items = [{ id: ITEM, position: 0, version: 1, data: subscription }] } = {}) {
  return render(
    <CollectionSection
      guildId={GUILD}
      pluginId="rss"
      collection="subscriptions"
      titleField="source_name"
      spec={itemFormSpec(rss, "subscriptions") as FormSpec}
      initial={{ items, total: items.length, max: 3 }}
      context={{
        texts: { message: { label: "Message" } },
        labels,
        pickers: packPickers(pickers),
        premiumGuild: false,
        message,
        defaults: { texts: { "rss.default_message": enDefaults.rss.default_message }, language: "English" },
        fallbacks: { default_message: "$default:rss.default_message" },
      }}
      text={text}
      actions={{ list: [], text: actionText, linkBase: "https://discord.example" }}
      plugin={{ name: "RSS", enabled, alerts: true }}
    />,
  );
}

describe("a social plugin that is off", () => {
  it("says none of its alerts is posted, and turns it on with one click through the config endpoint, with feedback", async () => {
    renderFeeds();
    const notice = screen.getByTestId("alerts-off");
    expect(notice.textContent).toContain("RSS is switched off: none of these alerts is posted until you turn it on.");
    await act(async () => fireEvent.click(within(notice).getByRole("button", { name: "Turn RSS on" })));
    expect(fetchMock).toHaveBeenCalledWith(`/api/plugins/rss/config/${GUILD}`, expect.objectContaining({ method: "PATCH", body: JSON.stringify({ enabled: true }) }));
    expect(screen.queryByTestId("alerts-off")).toBeNull();
    const done = screen.getByRole("status");
    expect(done.textContent).toBe("RSS is on.");
    // The button that was pressed is gone: the focus is on what happened, not lost.
    expect(document.activeElement).toBe(done);
  });

  it("says nothing while the plugin is on, or has no alerts yet", () => {
    const { unmount } = renderFeeds({ enabled: true });
    expect(screen.queryByTestId("alerts-off")).toBeNull();
    unmount();
    renderFeeds({ items: [] });
    expect(screen.queryByTestId("alerts-off")).toBeNull();
  });

  it("shows the notice as soon as the plugin is switched off elsewhere on the page", () => {
    renderFeeds({ enabled: true });
    act(() => announcePluginSaved({ pluginId: "rss", enabled: false, config: { default_message: "$default:rss.default_message" }, version: 5 }));
    expect(screen.getByTestId("alerts-off")).toBeTruthy();
  });
});

describe("an alert's blank message", () => {
  const preview = () => within(screen.getByRole("dialog", { hidden: true })).getByTestId("message-preview");

  it("previews the plugin's default message, then the alert's own once typed", async () => {
    renderFeeds({ enabled: true });
    fireEvent.click(screen.getByRole("button", { name: "Edit: Ada's Engineering Notes" }));
    await waitFor(() => expect(preview().textContent).toContain("New in {feed}: {title} {link}"));
    expect(preview().textContent).not.toContain("The message is empty.");
    const box = within(screen.getByRole("dialog", { hidden: true })).getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "Fresh from the blog" } });
    expect(preview().textContent).toContain("Fresh from the blog");
    expect(preview().textContent).not.toContain("New in");
  });

  it("follows a default message saved in the settings above", async () => {
    renderFeeds({ enabled: true });
    act(() => announcePluginSaved({ pluginId: "rss", enabled: true, config: { default_message: "Read this: {title}" }, version: 5 }));
    fireEvent.click(screen.getByRole("button", { name: "Edit: Ada's Engineering Notes" }));
    await waitFor(() => expect(preview().textContent).toContain("Read this: {title}"));
  });
});

describe("a source already posting in the channel", () => {
  it("is said under the source field in the words the server chose for the page's language", async () => {
    const sentence = frValidation.duplicate_source;
    fetchMock.mockImplementation(async () => ({
      ok: false,
      status: 409,
      json: async () => ({ code: "duplicate_value", status_code: 409, message: sentence, error: { message: sentence }, fields: [{ path: "source_id", code: "duplicate_source", message: sentence }] }),
    }));
    renderFeeds({ enabled: true });
    fireEvent.click(screen.getByRole("button", { name: "Edit: Ada's Engineering Notes" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Message" }), { target: { value: "New: {title}" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Save" })));
    const source = dialog.querySelector('[data-field="source_id"]')!;
    expect(source.textContent).toContain(sentence);
    expect(dialog.textContent).not.toContain("Another item of this server already uses this.");
  });
});
