/** @jest-environment jsdom */
import { packPickers } from "@/lib/guilds/packed-pickers";
import { render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { configFormSpec, itemFormSpec, type FormField } from "@/lib/plugins/form-spec";
import { moderator } from "@/lib/plugins/moderator/definition";
import { music } from "@/lib/plugins/music/definition";
import { timers } from "@/lib/plugins/timers/definition";
import { premiumListLimits } from "@/lib/premium/comparison";
import { CollectionSection, type CollectionText } from "@/components/settings-form/collection-section";
import { FieldRow, type RowContext } from "@/components/settings-form/field-row";
import type { FormLabels, FormSpec } from "@/components/settings-form/types";

// Every premium surface of a settings page on a free server says what Premium changes there
// and links to the premium page for this server (the route's guild travels as ?guild=).

const GUILD = "584327784348909864";
const PREMIUM_PAGE = `/en/premium?guild=${GUILD}`;

jest.mock("next/navigation", () => ({
  ...jest.requireActual<object>("next/navigation"),
  useParams: () => ({ locale: "en", guildId: GUILD }),
}));

const labels: FormLabels = {
  none: "None", search: "Search", noMatches: "No matches", remove: "Remove {name}", add: "Add", addItem: "Add", removeItem: "Remove", item: "Item {number}",
  premium: en.settings.premium, freeMax: en.settings.freeMax, characters: "{count}/{max}", unknownChannel: "Deleted channel", unknownRole: "Deleted role", channelKinds: { voice: "Voice channel", stage: "Stage channel" }, colorHex: "Colour", clearColor: "Clear",
  reasons: { above_bot: "Above the bot", managed: "Managed", everyone: "Everyone" }, on: "On", off: "Off", defaultText: "Default text, sent in {language}.",
  premiumOffer: {
    link: en.premium.link, field: en.premium.field, fieldLimit: en.premium.fieldLimit, fieldLimitOpen: en.premium.fieldLimitOpen, listLimit: en.premium.listLimit, listUpsell: en.premium.listUpsell,
    listLimits: premiumListLimits([]),
  },
};
const text: CollectionText = {
  title: "Timers", add: "Add timer", empty: "No timers yet", edit: "Edit", delete: "Delete", confirmDelete: "Delete {name}?", count: en.settings.collection.count,
  limitReached: en.settings.collection.limitReached, premiumLimitReached: en.settings.collection.premiumLimitReached, showMore: "More", untitled: "Untitled", off: "Off",
  addTitle: "New timer", editTitle: "Edit timer", cancel: "Cancel", save: "Save", saving: "Saving…", discardQuestion: "Discard?", keepEditing: "Keep editing", discard: "Discard",
};

beforeAll(() => {
  // jsdom lacks structuredClone and gives <dialog> no showModal / close.
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

const fieldOf = (spec: { fields: FormField[] }, name: string) => spec.fields.find((field) => field.name === name)!;

function renderField(field: FormField, value: unknown, { premiumGuild = false, offer = true } = {}) {
  const context: RowContext = { idPrefix: "t", texts: {}, labels: offer ? labels : { ...labels, premiumOffer: undefined }, pickers: { channels: [], roles: [] }, errors: {}, premiumGuild };
  return render(<FieldRow field={field} path={field.name} textKey={field.name} value={value} onChange={() => undefined} context={context} />);
}

describe("premium fields", () => {
  it("a premium-only toggle on a free server: badge, what Premium unlocks, and a link to the premium page with the guild", () => {
    renderField(fieldOf(configFormSpec(music), "always_on"), false);
    const toggle = screen.getByRole("switch");
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(en.settings.premium).classList.contains("badge-premium")).toBe(true);
    const note = screen.getByTestId("premium-field-note");
    expect(note.textContent).toBe(`${en.premium.field} ${en.premium.link}`);
    expect(within(note).getByRole("link", { name: en.premium.link }).getAttribute("href")).toBe(PREMIUM_PAGE);
    // Screen readers hear the line with the switch.
    expect(toggle.getAttribute("aria-describedby")?.split(" ")).toContain(note.id);
  });

  it("a free-size cap names both sizes, from the field's freeMax and its schema maximum", () => {
    renderField(fieldOf(itemFormSpec(moderator, "rules"), "words"), []);
    const note = screen.getByTestId("premium-field-note");
    expect(note.textContent).toBe(`Free servers: up to 50. Premium: up to 500. ${en.premium.link}`);
    expect(within(note).getByRole("link", { name: en.premium.link }).getAttribute("href")).toBe(PREMIUM_PAGE);
    expect(screen.getByRole("group").getAttribute("aria-describedby")?.split(" ")).toContain(note.id);
  });

  it("says nothing of Premium on a premium server", () => {
    renderField(fieldOf(configFormSpec(music), "always_on"), true, { premiumGuild: true });
    renderField(fieldOf(itemFormSpec(moderator, "rules"), "words"), [], { premiumGuild: true });
    expect(screen.queryByTestId("premium-field-note")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("without the premium strings a cap keeps its plain line", () => {
    renderField(fieldOf(itemFormSpec(moderator, "rules"), "words"), [], { offer: false });
    expect(screen.getByText("Free servers can use up to 50. Premium raises the limit.").tagName).toBe("P");
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("a collection at its free limit", () => {
  const renderTimers = (premiumGuild: boolean, max: number) =>
    render(
      <CollectionSection
        guildId={GUILD}
        pluginId="timers"
        collection="timers"
        titleField="name"
        path={`/timers/${GUILD}`}
        spec={itemFormSpec(timers, "timers") as FormSpec}
        initial={{ items: [1, 2].map((n) => ({ id: `t${n}`, position: n, version: 1, data: { name: `Timer ${n}`, enabled: true } })), total: 2, max }}
        context={{ texts: {}, labels, pickers: packPickers({ channels: [], roles: [] }), premiumGuild }}
        text={text}
      />,
    );

  it("names the premium limit and links to the premium page with the guild", () => {
    renderTimers(false, timers.collections.timers.limits.free);
    const notice = screen.getByTestId("premium-limit-notice");
    expect(notice.textContent).toBe(`You have reached this server's limit (2). Premium raises it to 20. ${en.premium.link}`);
    expect(within(notice).getByRole("link", { name: en.premium.link }).getAttribute("href")).toBe(PREMIUM_PAGE);
    expect((screen.getByRole("button", { name: "+ Add timer" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("on a premium server the limit is just the limit", () => {
    renderTimers(true, 2);
    expect(screen.queryByTestId("premium-limit-notice")).toBeNull();
    expect(screen.getByText(en.settings.collection.limitReached).tagName).toBe("P");
  });

  it("before the limit, a free server sees the running count and what Premium allows, linked", () => {
    renderTimers(false, 5);
    expect(screen.getByTestId("collection-count").textContent).toBe("2 of 5 used");
    const upsell = screen.getByTestId("premium-list-upsell");
    expect(upsell.textContent).toBe("Premium: up to 20");
    expect(upsell.getAttribute("href")).toBe(PREMIUM_PAGE);
  });

  it("a premium server sees the count only", () => {
    renderTimers(true, 20);
    expect(screen.getByTestId("collection-count").textContent).toBe("2 of 20 used");
    expect(screen.queryByTestId("premium-list-upsell")).toBeNull();
  });
});
