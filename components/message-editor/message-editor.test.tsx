/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { FieldsEditor } from "@/components/settings-form/fields-editor";
import type { FormLabels, PickerChannel, PickerRole } from "@/components/settings-form/types";
import { sampleContext } from "@/lib/templates/context";
import { TEMPLATE_VARIABLES } from "@/lib/templates/variables";
import { MessageEditor } from "./message-editor";
import type { MessageEditorData } from "./types";

const GUILD = "200000000000000001";
const ADA = "100000000000000001";
const CHEN = "100000000000000002";
const CH = { general: "300000000000000001", rules: "300000000000000002", welcome: "300000000000000003", voice: "300000000000000004", news: "300000000000000005" };
const ROLE = { mods: "400000000000000001", muted: "400000000000000002", pings: "400000000000000003" };

const channels: PickerChannel[] = [
  { id: CH.voice, name: "Lounge", type: 2, position: 0, parent_id: null },
  { id: CH.news, name: "announcements", type: 5, position: 0, parent_id: null },
  { id: CH.general, name: "general", type: 0, position: 2, parent_id: null },
  { id: CH.rules, name: "rules", type: 0, position: 1, parent_id: null },
  { id: CH.welcome, name: "Welcome Hall", type: 0, position: 0, parent_id: null },
];

const role = (id: string, name: string, position: number, mentionable: boolean, color = 0): PickerRole => ({
  id,
  name,
  color,
  position,
  mentionable,
  managed: false,
  assignable: true,
});
const roles: PickerRole[] = [
  role(ROLE.mods, "Moderators", 5, true, 0x1abc9c),
  role(ROLE.muted, "Muted", 4, false),
  role(ROLE.pings, "Event Pings", 3, true),
  role(GUILD, "@everyone", 0, true),
];

const data: MessageEditorData = {
  guildId: GUILD,
  context: sampleContext(
    { id: GUILD, name: "Night Owls", icon: null, owner_id: ADA, member_count: 42, channels },
    { id: ADA, username: "ada.lovelace", global_name: "Ada", avatar: null },
    { cdnBase: "https://cdn.example" },
  ),
  members: { [ADA]: "Ada" },
  labels: {
    characters: "{count} / {max}",
    hint: "Type {variable} for variables, {channel} for channels and {mention} for members or roles.",
    suggestions: "Suggestions",
    suggestionCount: "Suggestions: {count}",
    noSuggestions: "No suggestions",
    searching: "Searching members…",
    role: "Role",
    preview: "Preview",
    previewEmpty: "The message is empty.",
  },
};

function Harness({ initial = "", onText }: { initial?: string; onText?: (text: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="msg">Welcome message</label>
      <MessageEditor
        id="msg"
        value={value}
        onChange={(text) => {
          setValue(text);
          onText?.(text);
        }}
        describedBy="msg-help"
        limit={2000}
        channels={channels}
        roles={roles}
        data={data}
      />
    </>
  );
}

const box = () => screen.getByRole("textbox", { name: "Welcome message" }) as HTMLTextAreaElement;
const listbox = () => document.getElementById(box().getAttribute("aria-controls") ?? "") as HTMLUListElement;
const optionLabels = () => screen.queryAllByRole("option").map((option) => option.querySelector("[dir='auto']")?.textContent);
const status = () => screen.getByRole("status").textContent;

/** Types `text` at the end, as the browser reports it: the new value with the caret after it. */
function type(text: string) {
  const element = box();
  fireEvent.change(element, { target: { value: element.value + text } });
}

/** Focuses the box and waits for the `{` suggestions' code, which the first focus loads. */
async function focus() {
  await act(async () => {
    box().focus();
    await import("./variable-suggestions");
  });
}

function key(name: string, init: Partial<KeyboardEventInit> = {}) {
  fireEvent.keyDown(box(), { key: name, ...init });
}

// jsdom has no Response class; apiFetch only reads ok, status and json().
const reply = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as unknown as Response;
const realFetch = global.fetch;
const requests: { url: string; signal: AbortSignal | undefined }[] = [];

beforeAll(() => {
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});

beforeEach(() => {
  requests.length = 0;
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(url), signal: init?.signal ?? undefined });
    const q = new URL(String(url), "http://x").searchParams.get("q") ?? "";
    const members = [
      { id: ADA, username: "ada.lovelace", global_name: "Ada", nick: null, avatar: null },
      { id: CHEN, username: "chen.wei", global_name: "Chen Wei", nick: "Chen (maintainer)", avatar: null },
    ].filter((member) => [member.username, member.nick ?? ""].some((name) => name.toLowerCase().startsWith(q.toLowerCase())));
    return reply(members);
  }) as typeof fetch;
});

afterEach(() => {
  global.fetch = realFetch;
});

describe("MessageEditor", () => {
  it("is a textbox (no role a textarea may not take) suggesting from a listbox, closed at first", () => {
    render(<Harness />);
    const element = box();
    expect(element.tagName).toBe("TEXTAREA");
    expect(element.hasAttribute("role")).toBe(false);
    expect(element.getAttribute("aria-autocomplete")).toBe("list");
    expect(element.getAttribute("aria-haspopup")).toBe("listbox");
    expect(element.hasAttribute("aria-activedescendant")).toBe(false);
    expect(listbox().getAttribute("role")).toBe("listbox");
    expect(listbox().hidden).toBe(true);
    // Its own help and the hint both describe it.
    const described = element.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(described[0]).toBe("msg-help");
    expect(document.getElementById(described[1] ?? "")?.textContent).toBe("Type { for variables, # for channels and @ for members or roles.");
    expect(status()).toBe("");
  });

  it("opens the variables on `{`, announces their number, and Enter inserts {server.name}", async () => {
    const seen: string[] = [];
    render(<Harness initial="Hi " onText={(text) => seen.push(text)} />);
    await focus();
    type("{");
    const element = box();
    expect(listbox().hidden).toBe(false);
    expect(listbox().hidden).toBe(false);
    expect(screen.getAllByRole("option")).toHaveLength(TEMPLATE_VARIABLES.filter((variable) => !variable.technical).length);
    expect(optionLabels()[0]).toBe("{server.name}");
    // Each variable shows what it becomes on this server.
    expect(screen.getAllByRole("option")[0]!.textContent).toBe("{server.name}Night Owls");
    expect(screen.getByRole("option", { name: /^\{user\.mention\}/ }).textContent).toBe("{user.mention}@Ada");
    expect(status()).toBe(`Suggestions: ${TEMPLATE_VARIABLES.filter((variable) => !variable.technical).length}`);
    // The first option is active and selected.
    const first = screen.getAllByRole("option")[0]!;
    expect(element.getAttribute("aria-activedescendant")).toBe(first.id);
    expect(first.getAttribute("aria-selected")).toBe("true");

    key("Enter");
    expect(element.value).toBe("Hi {server.name}");
    expect(seen.at(-1)).toBe("Hi {server.name}");
    expect(element.selectionStart).toBe("Hi {server.name}".length);
    expect(listbox().hidden).toBe(true);
    expect(status()).toBe("");
  });

  it("loads the variables' code on the first focus: `{` typed before it arrives opens the list once it does", async () => {
    render(<Harness />);
    act(() => box().focus());
    type("{");
    expect(listbox().hidden).toBe(true);
    expect(status()).toBe("");
    expect((await screen.findAllByRole("option"))[0]!.textContent).toBe("{server.name}Night Owls");
    expect(listbox().hidden).toBe(false);
    expect(status()).toBe(`Suggestions: ${TEMPLATE_VARIABLES.filter((variable) => !variable.technical).length}`);
  });

  it("filters variables as you type and inserts the default range for random", async () => {
    render(<Harness />);
    await focus();
    type("{user.");
    expect(optionLabels()).toEqual(TEMPLATE_VARIABLES.filter((v) => v.name.startsWith("user.") && !v.technical).map((v) => `{${v.name}}`));
    fireEvent.change(box(), { target: { value: "{rand" } });
    expect(optionLabels()).toEqual(["{random:1-100}", "{random}"]);
    key("Tab");
    expect(box().value).toBe("{random:1-100}");
  });

  it("lists only text channels on `#`, by position and by name; the pick reads #name and is stored as <#id>", async () => {
    const stored: string[] = [];
    render(<Harness initial="Read " onText={(text) => stored.push(text)} />);
    await focus();
    type("#");
    expect(optionLabels()).toEqual(["#Welcome Hall", "#rules", "#general"]);
    key("ArrowDown");
    const second = screen.getAllByRole("option")[1]!;
    expect(box().getAttribute("aria-activedescendant")).toBe(second.id);
    expect(second.getAttribute("aria-selected")).toBe("true");
    key("Enter");
    expect(box().value).toBe("Read #rules");
    expect(stored.at(-1)).toBe(`Read <#${CH.rules}>`);
  });

  it("shows stored mentions by name, keeps them as mentions through edits, and makes one of a known #name typed by hand", async () => {
    const stored: string[] = [];
    render(<Harness initial={`Read <#${CH.rules}>, ask <@&${ROLE.pings}>. <#300000000000000099>`} onText={(text) => stored.push(text)} />);
    expect(box().value).toBe("Read #rules, ask @Event Pings. <#300000000000000099>");
    await focus();
    type(" Chat in #general!");
    expect(stored.at(-1)).toBe(`Read <#${CH.rules}>, ask <@&${ROLE.pings}>. <#300000000000000099> Chat in <#${CH.general}>!`);
    expect(box().value).toBe("Read #rules, ask @Event Pings. <#300000000000000099> Chat in #general!");
    // The counter counts what is sent: the stored text.
    expect(screen.getByText(`${stored.at(-1)!.length} / 2000`)).toBeTruthy();
  });

  it("moves with ArrowUp/ArrowDown (wrapping) and closes on Escape until the trigger changes", async () => {
    render(<Harness />);
    await focus();
    type("#");
    const options = () => screen.getAllByRole("option");
    key("ArrowUp");
    expect(box().getAttribute("aria-activedescendant")).toBe(options()[2]!.id);
    key("ArrowDown");
    expect(box().getAttribute("aria-activedescendant")).toBe(options()[0]!.id);

    const escape = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    const outer = jest.fn();
    document.addEventListener("keydown", outer);
    act(() => {
      box().dispatchEvent(escape);
    });
    document.removeEventListener("keydown", outer);
    expect(escape.defaultPrevented).toBe(true);
    expect(listbox().hidden).toBe(true);
    expect(box().hasAttribute("aria-activedescendant")).toBe(false);
    expect(listbox().hidden).toBe(true);
    // Enter is a newline again, not a pick.
    key("Enter");
    expect(box().value).toBe("#");

    type("ru");
    expect(listbox().hidden).toBe(true);
    fireEvent.change(box(), { target: { value: "" } });
    type("#");
    expect(listbox().hidden).toBe(false);
  });

  it("searches members through the API on `@` (debounced), and inserts the member, stored as <@id>", async () => {
    const stored: string[] = [];
    render(<Harness initial="Hi " onText={(text) => stored.push(text)} />);
    await focus();
    type("@");
    // Nothing to search yet: only the mentionable roles, never @everyone or non-mentionable ones.
    expect(optionLabels()).toEqual(["@Moderators", "@Event Pings"]);
    expect(requests).toHaveLength(0);

    type("c");
    type("h");
    await screen.findByRole("option", { name: /Chen \(maintainer\)/ });
    expect(requests.map((request) => request.url)).toEqual([`/api/guilds/${GUILD}/members/search?q=ch&limit=10`]);
    expect(optionLabels()).toEqual(["@Chen (maintainer)"]);
    expect(screen.getByRole("option", { name: /Chen/ }).textContent).toContain("chen.wei");
    key("Enter");
    expect(box().value).toBe("Hi @Chen (maintainer)");
    expect(stored.at(-1)).toBe(`Hi <@${CHEN}>`);
    // The preview names the member the search found.
    expect(screen.getByTestId("message-preview").textContent).toContain("Hi @Chen (maintainer)");
  });

  it("aborts a member search that a newer query made stale", async () => {
    let release: (() => void) | undefined;
    global.fetch = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(url), signal: init?.signal ?? undefined });
      if (requests.length === 1) {
        return new Promise<Response>((resolve, reject) => {
          release = () => resolve(reply([{ id: ADA, username: "ada.lovelace", global_name: "Ada", nick: null, avatar: null }]));
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      }
      return Promise.resolve(reply([]));
    }) as typeof fetch;
    render(<Harness />);
    await focus();
    type("@a");
    await waitFor(() => expect(requests).toHaveLength(1));
    type("x");
    expect(requests[0]!.signal?.aborted).toBe(true);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.url).toContain("q=ax");
    release?.();
    await waitFor(() => expect(status()).toBe("No suggestions"));
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("offers mentionable roles filtered locally and inserts the role, stored as <@&id>", async () => {
    const stored: string[] = [];
    render(<Harness onText={(text) => stored.push(text)} />);
    await focus();
    type("@mo");
    expect(optionLabels()).toEqual(["@Moderators"]);
    expect(screen.getByRole("option", { name: /Moderators/ }).textContent).toContain("Role");
    // While the member search runs, Enter still picks the role shown.
    key("Enter");
    expect(box().value).toBe("@Moderators");
    expect(stored.at(-1)).toBe(`<@&${ROLE.mods}>`);
    fireEvent.change(box(), { target: { value: "@mu" } });
    await waitFor(() => expect(status()).toBe("No suggestions"));
    expect(listbox().hidden).toBe(true);
  });

  it("picks with the mouse without losing focus", async () => {
    render(<Harness initial="x " />);
    await focus();
    type("{chan");
    const option = screen.getByRole("option", { name: /\{channel\.name\}/ });
    expect(fireEvent.mouseDown(option)).toBe(false); // default prevented: the box keeps focus
    fireEvent.click(option);
    expect(box().value).toBe("x {channel.name}");
  });

  it("closes when the box loses focus and does nothing while disabled", async () => {
    const { rerender } = render(<Harness />);
    await focus();
    type("{");
    expect(listbox().hidden).toBe(false);
    fireEvent.blur(box());
    expect(listbox().hidden).toBe(true);
    rerender(<MessageEditor id="msg" value="{" onChange={() => {}} disabled limit={2000} channels={channels} roles={roles} data={data} />);
    const disabled = screen.getByRole("textbox");
    fireEvent.focus(disabled);
    expect((document.getElementById(disabled.getAttribute("aria-controls") ?? "") as HTMLUListElement).hidden).toBe(true);
  });

  it("previews variables against the sample, mentions as named pills, unknown variables as written", () => {
    render(<Harness initial={`Welcome {user.mention} to {server.name}!\nRead <#${CH.general}>, ask <@&${ROLE.mods}> or <@${CHEN}>. {nope} #{server.member_count}`} />);
    const preview = screen.getByTestId("message-preview");
    expect(preview.textContent).toContain("Guildhall");
    expect(preview.textContent).toContain("BOT");
    const content = preview.querySelector("div[dir='auto']");
    expect(content?.textContent).toBe("Welcome @Ada to Night Owls!\nRead #general, ask @Moderators or @unknown-user. {nope} #42");
    const pills = Array.from(preview.querySelectorAll("[data-kind]"), (pill) => [pill.getAttribute("data-kind"), pill.textContent]);
    expect(pills).toEqual([
      ["user", "@Ada"],
      ["channel", "#general"],
      ["role", "@Moderators"],
      ["user", "@unknown-user"],
    ]);
    // The role pill takes the role's colour.
    expect((preview.querySelector("[data-kind='role']") as HTMLElement).style.getPropertyValue("--pill")).toBe("#1abc9c");
  });

  it("previews the platform's markdown after the variables, typed HTML as text", () => {
    render(<Harness initial={"**Welcome** {user}!\n> {server.name} rules\n||a **secret**|| <b>not bold</b> `{user}`"} />);
    const content = screen.getByTestId("message-preview").querySelector("div[dir='auto']")!;
    expect(content.querySelector("strong")?.textContent).toBe("Welcome");
    expect(content.querySelector("[data-kind='user']")?.textContent).toBe("@Ada");
    expect(content.querySelector("blockquote")?.textContent).toBe("Night Owls rules");
    expect(content.querySelector("b")).toBeNull();
    // Variables are rendered before markdown, as the bot sends them: in code too.
    expect(content.querySelector("code")?.textContent).toBe(`<@${ADA}>`);
    // Without translated strings from the page, a spoiler is still named (in English).
    const spoiler = screen.getByRole("button", { name: "Spoiler, press to reveal" });
    fireEvent.keyDown(spoiler, { key: "Enter" });
    expect(screen.queryByRole("button", { name: "Spoiler, press to reveal" })).toBeNull();
    expect(content.textContent).toBe(`Welcome @Ada!\nNight Owls rulesa secret <b>not bold</b> <@${ADA}>`);
  });

  it("names spoilers with the page's translated string", () => {
    const translated = { ...data, labels: { ...data.labels, markdown: { spoiler: "Spoiler, appuyez pour afficher" } } };
    render(<MessageEditor id="msg" value="||caché||" onChange={() => {}} limit={2000} channels={channels} roles={roles} data={translated} />);
    expect(screen.getByRole("button", { name: "Spoiler, appuyez pour afficher" })).toBeTruthy();
  });

  it("shows an empty-message note and a counter in code points", () => {
    render(<Harness />);
    expect(screen.getByTestId("message-preview").textContent).toContain("The message is empty.");
    expect(screen.getByText("0 / 2000")).toBeTruthy();
    type("😀é");
    expect(screen.getByText("2 / 2000")).toBeTruthy();
  });
});

describe("the settings form", () => {
  const labels = { characters: "{count} / {max}", premium: "Premium", freeMax: "Up to {max}" } as FormLabels;
  const spec = {
    fields: [{ name: "join_message", type: "string" as const, ui: "message" as const, maxLength: 2000, default: "", nullable: false, required: false }],
  };
  const context = { idPrefix: "cfg", texts: { join_message: { label: "Welcome message" } }, labels, pickers: { channels, roles }, errors: {}, premiumGuild: true };

  it("uses the message editor for ui: message fields, keeping value/onChange/invalid/describedBy", () => {
    const onChange = jest.fn();
    render(
      <FieldsEditor
        spec={spec}
        values={{ join_message: "Hi {user}" }}
        onChange={onChange}
        context={{ ...context, errors: { join_message: "Too long" }, message: data }}
      />,
    );
    const element = box();
    expect(element.value).toBe("Hi {user}");
    expect(element.getAttribute("aria-invalid")).toBe("true");
    expect(element.getAttribute("aria-describedby")).toContain("cfg-join_message-error");
    fireEvent.change(element, { target: { value: "Hi {user}!" } });
    expect(onChange).toHaveBeenCalledWith("join_message", "Hi {user}!");
    expect(screen.getByTestId("message-preview").textContent).toContain("Hi @Ada");
  });

  it("falls back to a plain text area without editor data", () => {
    render(<FieldsEditor spec={spec} values={{ join_message: "Hi" }} onChange={() => {}} context={context} />);
    // A plain text area: no suggestions list behind it.
    expect(screen.getByRole("textbox", { name: "Welcome message" }).hasAttribute("aria-autocomplete")).toBe(false);
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});
