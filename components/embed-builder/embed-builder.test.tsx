/** @jest-environment jsdom */
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useEffect, useState } from "react";
import type { MessageEditorData } from "@/components/message-editor/types";
import { FieldsEditor } from "@/components/settings-form/fields-editor";
import type { FieldErrors, FormLabels, PickerChannel, PickerRole, Values } from "@/components/settings-form/types";
import { itemFormSpec } from "@/lib/plugins/form-spec";
import { guildEmbeds } from "@/lib/plugins/guild_embeds/definition";
import type { EmbedDraft } from "@/lib/plugins/embed-payload";
import { sampleContext } from "@/lib/templates/context";
import { fieldSpans } from "./embed-preview";
import type { EmbedBuilderLabels } from "./types";

const GUILD = "200000000000000001";
const ADA = "100000000000000001";
const GENERAL = "300000000000000001";
const MODS = "400000000000000001";
const DEFAULT_COLOR = 0x4f7cff;

const messages = JSON.parse(readFileSync(path.join(process.cwd(), "messages/en.json"), "utf8"));
const pluginMessages = JSON.parse(readFileSync(path.join(process.cwd(), "messages/plugins/en.json"), "utf8"));
const s = messages.settings;
const formLabels: FormLabels = {
  none: s.none,
  search: s.search,
  noMatches: s.noMatches,
  remove: s.remove,
  add: s.add,
  addItem: s.addItem,
  removeItem: s.removeItem,
  item: s.item,
  premium: s.premium,
  freeMax: s.freeMax,
  characters: s.characters,
  unknownChannel: s.unknownChannel,
  unknownRole: s.unknownRole,
  channelKinds: s.channelKinds,
  colorHex: s.colorPicker,
  clearColor: s.clearColor,
  reasons: s.roleReasons,
  on: s.on,
  off: s.off,
  defaultText: s.defaultText,
};
const labels: EmbedBuilderLabels = { ...messages.embedBuilder, locale: "en-US", markdown: messages.markdown };

const channels: PickerChannel[] = [{ id: GENERAL, name: "general", type: 0, position: 0, parent_id: null }];
const roles: PickerRole[] = [{ id: MODS, name: "Moderators", color: 0x1abc9c, position: 2, mentionable: true, managed: false, assignable: true }];
const data: MessageEditorData = {
  guildId: GUILD,
  context: sampleContext({ id: GUILD, name: "Night Owls", icon: null, owner_id: ADA, member_count: 42, channels }, { id: ADA, username: "ada.lovelace", global_name: "Ada", avatar: null }, { cdnBase: "https://cdn.example" }),
  members: { [ADA]: "Ada" },
  labels: { ...messages.messageEditor, characters: s.characters },
  defaultEmbedColor: DEFAULT_COLOR,
};

// The real item form of guild_embeds, with the plugin's English labels (as the page builds them).
const spec = itemFormSpec(guildEmbeds, "embeds");
const fieldMessages = pluginMessages.guild_embeds.collections.embeds.fields;
const embedProps = fieldMessages.embeds;
const texts = {
  embeds: { label: embedProps.label },
  ...Object.fromEntries(
    ["title", "url", "description", "color", "author", "fields", "image", "thumbnail", "footer", "timestamp"].map((key) => [`embeds.${key}`, { label: embedProps[key].label as string }]),
  ),
  ...Object.fromEntries(["name", "value", "inline"].map((key) => [`embeds.fields.${key}`, { label: embedProps.fields[key].label as string }])),
};

// The harnesses' values as last committed (written from an effect: render must not write outside the component).
let latest: Values = {};

function Harness({ initial = {}, errors = {} }: { initial?: Values; errors?: FieldErrors }) {
  const [values, setValues] = useState<Values>({ name: "", content: "", embeds: [], channel_id: null, message_id: null, ...initial });
  useEffect(() => {
    latest = values;
  }, [values]);
  return (
    <FieldsEditor
      spec={spec}
      values={values}
      onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      context={{ idPrefix: "item", texts, labels: formLabels, pickers: { channels, roles }, errors, premiumGuild: false, message: data, embedBuilder: labels }}
    />
  );
}

const embedsOf = () => latest.embeds as EmbedDraft[];
const card = (index: number) => screen.getByTestId(`embed-${index}`);
const preview = () => screen.getByTestId("embed-preview");
const set = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const inCard = (index: number) => within(card(index));
/** A counter's text without the isolate marks that keep "{count} / {max}" left to right. */
const count = (testId: string) => screen.getByTestId(testId).textContent?.replace(/[\u2066-\u2069]/g, "");

beforeAll(async () => {
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  // The builder is its own chunk (field-row.tsx loads it with next/dynamic): load it once,
  // so every test below draws it at once, as a page does once the chunk is in.
  render(<Harness />);
  await screen.findByRole("group", { name: "Embeds" });
  cleanup();
});

describe("EmbedBuilder in the item form", () => {
  it("starts with one embed in the guild's default colour, labelled from the plugin's messages", () => {
    render(<Harness />);
    expect(embedsOf()).toEqual([{ color: DEFAULT_COLOR }]);
    expect(screen.getByRole("group", { name: "Embeds" })).toBeTruthy();
    expect((inCard(0).getByLabelText("Colour") as HTMLInputElement).value).toBe("#4f7cff");
    expect(inCard(0).getByRole("heading", { name: "Embed 1" })).toBeTruthy();
    // The preview draws the embed with its colour bar.
    expect(within(preview()).getByTestId("embed-preview-card").style.getPropertyValue("--embed-color")).toBe("#4f7cff");
    expect(within(preview()).getByText(labels.previewEmpty)).toBeTruthy();
  });

  it("counts characters as the platform does and names the limit once a text goes over it", () => {
    render(<Harness />);
    const title = inCard(0).getByLabelText("Title");
    set(title, "Hello 😀");
    expect(count("item-embeds-0-title-counter")).toBe("7 / 256");
    expect(count("item-embeds-0-total")).toBe("7 / 6000 characters");
    expect(count("item-embeds-message-total")).toBe("7 / 6000 characters in all embeds");

    set(title, "x".repeat(256));
    expect(count("item-embeds-0-title-counter")).toBe("256 / 256");
    expect(title.getAttribute("aria-invalid")).toBeNull();
    expect(card(0).textContent).not.toContain("at most");

    set(title, "x".repeat(257));
    expect(title.getAttribute("aria-invalid")).toBe("true");
    const message = document.getElementById(title.getAttribute("aria-describedby") ?? "");
    expect(message?.textContent).toBe("The title can be 256 characters at most; it has 257.");
    // The builder keeps what was typed: the counter and message say by how much it is over.
    expect(embedsOf()[0]!.title).toHaveLength(257);
  });

  it("checks field names and values, the footer and the 6000 in all", () => {
    render(<Harness />);
    fireEvent.click(inCard(0).getByRole("button", { name: "+ Add field" }));
    const field = within(screen.getByRole("group", { name: "Field 1" }));
    set(field.getByLabelText("Name"), "n".repeat(256));
    set(field.getByLabelText("Value"), "v".repeat(1024));
    expect(card(0).textContent).not.toContain("at most");
    set(field.getByLabelText("Name"), "n".repeat(257));
    set(field.getByLabelText("Value"), "v".repeat(1025));
    expect(card(0).textContent).toContain("A field name can be 256 characters at most; this one has 257.");
    expect(card(0).textContent).toContain("A field value can be 1024 characters at most; this one has 1025.");

    const footer = inCard(0).getByLabelText("Text");
    set(footer, "f".repeat(2049));
    expect(card(0).textContent).toContain("The footer can be 2048 characters at most; it has 2049.");

    set(field.getByLabelText("Name"), "n");
    set(field.getByLabelText("Value"), "v");
    set(footer, "f".repeat(2048));
    set(inCard(0).getByRole("textbox", { name: "Description" }), "d".repeat(3950));
    // 1 + 1 + 2048 + 3950 = 6000: at the limit, fine.
    expect(count("item-embeds-0-total")).toBe("6000 / 6000 characters");
    expect(card(0).textContent).not.toContain("in all");
    set(inCard(0).getByLabelText("Title"), "t");
    expect(card(0).textContent).toContain("An embed can hold 6000 characters in all; this one has 6001.");
  });

  it("adds fields up to 25, then disables the button", () => {
    render(<Harness />);
    const add = inCard(0).getByRole("button", { name: "+ Add field" });
    for (let n = 0; n < 25; n++) fireEvent.click(add);
    expect(embedsOf()[0]!.fields).toHaveLength(25);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(count("item-embeds-0-field-count")).toBe("25 / 25 fields");
    fireEvent.click(add);
    expect(embedsOf()[0]!.fields).toHaveLength(25);
  });

  it("holds 10 embeds at most, each new one in the default colour", () => {
    render(<Harness />);
    const add = screen.getByRole("button", { name: "+ Add embed" }) as HTMLButtonElement;
    for (let n = 0; n < 9; n++) fireEvent.click(add);
    expect(embedsOf()).toHaveLength(10);
    expect(embedsOf().every((embed) => embed.color === DEFAULT_COLOR)).toBe(true);
    expect(add.disabled).toBe(true);
    expect(count("item-embeds-embed-count")).toBe("10 / 10 embeds");
    fireEvent.click(inCard(9).getByRole("button", { name: "Remove embed 10" }));
    expect(embedsOf()).toHaveLength(9);
    expect(add.disabled).toBe(false);
  });

  it("says when all the embeds together go over 6000 characters", () => {
    const big = { description: "d".repeat(3500) };
    render(<Harness initial={{ embeds: [big, big] }} />);
    expect(count("item-embeds-message-total")).toBe("7000 / 6000 characters in all embeds");
    expect(count("item-embeds-message-problem")).toBe("The embeds of a message can hold 6000 characters in all; these have 7000.");
  });

  it("previews the embed with its variables and mentions rendered, fields in a grid", () => {
    render(
      <Harness
        initial={{
          embeds: [
            {
              color: 0xff0000,
              title: "{server.name} rules",
              url: "https://example.com",
              description: `Read <#${GENERAL}>, <@&${MODS}> and {user}`,
              author: { name: "{user.name}", icon_url: "https://example.com/a.png" },
              fields: [
                { name: "Members", value: "{server.member_count}", inline: true },
                { name: "Plan", value: "{plan.name}", inline: true },
                { name: "Wide", value: "Full row" },
              ],
              image: { url: "https://example.com/big.png" },
              footer: { text: "Sent in {channel.name}" },
              timestamp: "now",
            },
          ],
        }}
      />,
    );
    const shown = within(preview());
    const title = shown.getByRole("link", { name: "Night Owls rules" });
    expect(title.getAttribute("href")).toBe("https://example.com");
    expect(preview().textContent).toContain("Read #general, @Moderators and @Ada");
    expect(preview().textContent).toContain("ada.lovelace");
    expect(preview().textContent).toContain("Members42");
    expect(preview().textContent).toContain("PlanFree");
    expect(preview().textContent).toContain("Sent in general");
    expect(preview().textContent).toMatch(/Today at \d/);
    // The embed's own images (the bot's avatar, public/icon.svg, is an <img> too).
    expect(within(preview()).getByTestId("embed-preview-card").querySelectorAll("img")).toHaveLength(2);
    const spans = [...preview().querySelectorAll<HTMLElement>("[data-span]")].map((element) => element.style.gridColumn);
    expect(spans).toEqual(["span 6", "span 6", "span 12"]);
    // The stored texts keep their templates.
    expect(embedsOf()[0]!.title).toBe("{server.name} rules");
  });

  it("renders markdown in the description and field values only, as the platform does", () => {
    render(
      <Harness
        initial={{
          embeds: [
            {
              title: "**{server.name}**",
              description: "# Rules\n- be **kind**\n- ask <@&" + MODS + ">\n||spoiler||",
              fields: [{ name: "__Name__", value: "`code` and [docs](https://example.com/docs)" }],
              footer: { text: "*footer*" },
            },
          ],
        }}
      />,
    );
    const embed = within(preview()).getByTestId("embed-preview-card");
    // Title, field name and footer keep their markers.
    expect(embed.textContent).toContain("**Night Owls**");
    expect(embed.textContent).toContain("__Name__");
    expect(embed.textContent).toContain("*footer*");
    expect(embed.querySelector("[data-level='1']")?.textContent).toBe("Rules");
    expect(Array.from(embed.querySelectorAll("li"), (item) => item.textContent)).toEqual(["be kind", "ask @Moderators"]);
    expect(embed.querySelector("li strong")?.textContent).toBe("kind");
    expect(embed.querySelector("code")?.textContent).toBe("code");
    expect(within(embed).getByRole("link", { name: "docs" }).getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(within(embed).getByRole("button", { name: messages.markdown.spoiler })).toBeTruthy();
  });

  it("renders a typed title in the preview as it changes", () => {
    render(<Harness />);
    set(inCard(0).getByLabelText("Title"), "Welcome to {server.name}");
    expect(within(preview()).getByText("Welcome to Night Owls")).toBeTruthy();
  });

  it("never turns a typed non-web link into a live link or image", () => {
    render(<Harness initial={{ embeds: [{ title: "Click", url: "javascript:alert(1)", thumbnail: { url: "data:image/png;base64,AAAA" } }] }} />);
    expect(within(preview()).queryByRole("link")).toBeNull();
    expect(within(preview()).getByTestId("embed-preview-card").querySelector("img")).toBeNull();
  });

  it("reorders embeds and fields with the keyboard focus following", () => {
    render(<Harness initial={{ embeds: [{ title: "First" }, { title: "Second", fields: [{ name: "a", value: "1" }, { name: "b", value: "2" }] }] }} />);
    fireEvent.click(screen.getByRole("button", { name: "Move embed 2 up" }));
    expect(embedsOf().map((embed) => embed.title)).toEqual(["Second", "First"]);
    // The moved embed's "up" button is now disabled (first place): focus moves to its "down" partner.
    expect(document.activeElement?.id).toBe("item-embeds-0-down");
    fireEvent.click(inCard(0).getByRole("button", { name: "Move field 1 down" }));
    expect(embedsOf()[0]!.fields!.map((field) => field.name)).toEqual(["b", "a"]);
    expect(document.activeElement?.id).toBe("item-embeds-0-field-1-up");
    fireEvent.click(inCard(0).getByRole("button", { name: "Remove field 1" }));
    expect(embedsOf()[0]!.fields!.map((field) => field.name)).toEqual(["a"]);
  });

  it("toggles inline, drops empty parts and keeps the timestamp modes", () => {
    render(<Harness />);
    fireEvent.click(inCard(0).getByRole("button", { name: "+ Add field" }));
    fireEvent.click(inCard(0).getByRole("switch", { name: "Show side by side" }));
    expect(embedsOf()[0]!.fields).toEqual([{ name: "", value: "", inline: true }]);

    const authorLink = inCard(0).getAllByLabelText("Link")[0]!;
    set(authorLink, "https://example.com");
    expect(embedsOf()[0]!.author).toEqual({ name: "", url: "https://example.com" });
    set(authorLink, "");
    expect(embedsOf()[0]).not.toHaveProperty("author");
    set(inCard(0).getByLabelText("Image link"), "https://example.com/i.png");
    expect(embedsOf()[0]!.image).toEqual({ url: "https://example.com/i.png" });
    set(inCard(0).getByLabelText("Image link"), "");
    expect(embedsOf()[0]).not.toHaveProperty("image");

    const mode = inCard(0).getByLabelText("Timestamp");
    set(mode, "now");
    expect(embedsOf()[0]!.timestamp).toBe("now");
    set(mode, "date");
    const date = inCard(0).getByLabelText("Date and time of the timestamp") as HTMLInputElement;
    set(date, "2030-01-02T03:04");
    expect(embedsOf()[0]!.timestamp).toBe(new Date("2030-01-02T03:04").toISOString());
    expect(date.value).toBe("2030-01-02T03:04");
    set(mode, "none");
    expect(embedsOf()[0]).not.toHaveProperty("timestamp");

    fireEvent.click(inCard(0).getByRole("button", { name: "Clear" }));
    expect(embedsOf()[0]).not.toHaveProperty("color");
  });

  it("shows the server's errors next to the parts they name", () => {
    render(<Harness initial={{ embeds: [{ title: "x", url: "nope", fields: [{ name: "", value: "v" }] }] }} errors={{ "embeds.0.url": "Link must be an http:// or https:// link", "embeds.0.fields.0.name": "Field name cannot be empty" }} />);
    const url = inCard(0).getByLabelText("Title link");
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(card(0).textContent).toContain("Link must be an http:// or https:// link");
    expect(card(0).textContent).toContain("Field name cannot be empty");
  });
});

describe("fieldSpans", () => {
  it("puts up to three inline fields in a row (two beside a thumbnail)", () => {
    const inline = { inline: true };
    const block = { inline: false };
    expect(fieldSpans([inline, inline, inline, inline], false)).toEqual([4, 4, 4, 12]);
    expect(fieldSpans([inline, inline, block, inline], false)).toEqual([6, 6, 12, 12]);
    expect(fieldSpans([inline, inline, inline], true)).toEqual([6, 6, 12]);
  });
});

describe("EmbedBuilder for optional embeds (custom commands)", () => {
  it("starts empty, with no preview until an embed is added", async () => {
    const { commands } = await import("@/lib/plugins/commands/definition");
    const commandSpec = itemFormSpec(commands, "commands");
    function Commands() {
      const [values, setValues] = useState<Values>({ name: "hi", response: "", embeds: [] });
      useEffect(() => {
        latest = values;
      }, [values]);
      return (
        <FieldsEditor
          spec={commandSpec}
          values={values}
          onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          context={{ idPrefix: "cmd", texts: {}, labels: formLabels, pickers: { channels, roles }, errors: {}, premiumGuild: false, message: data, embedBuilder: labels }}
        />
      );
    }
    render(<Commands />);
    expect(embedsOf()).toEqual([]);
    expect(screen.queryByTestId("embed-preview")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "+ Add embed" }));
    expect(embedsOf()).toEqual([{ color: DEFAULT_COLOR }]);
    expect(screen.getByTestId("embed-preview")).toBeTruthy();
    // Without plugin labels the parts still read well.
    expect(screen.getByLabelText("Title")).toBeTruthy();
    expect(document.activeElement?.id).toBe("cmd-embeds-0-title");
  });
});
